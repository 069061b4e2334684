import { ConfigError, bool, commonConfig, int, loadConfig, oneOf, str, url } from './config';

describe('loadConfig', () => {
  it('uses defaults for unset or empty variables and parses the rest', () => {
    const config = loadConfig(
      { ...commonConfig, PORT: { default: 3000, parse: int({ min: 1 }) }, DEBUG: { default: false, parse: bool() } },
      { PORT: '4000', DEBUG: 'yes', NATS_URL: '' },
    );
    expect(config).toMatchObject({
      PORT: 4000,
      DEBUG: true,
      NATS_URL: 'nats://127.0.0.1:4222',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/originality',
    });
  });

  it('names every missing or invalid variable in one error', () => {
    const spec = {
      SECRET: { parse: str({ minLength: 8 }) },
      PORT: { parse: int({ min: 1, max: 65535 }) },
      MODE: { parse: oneOf(['a', 'b'] as const) },
      HOME_URL: { parse: url({ protocols: ['https'] }) },
    };
    let error: ConfigError | undefined;
    try {
      loadConfig(spec, { PORT: '70000', MODE: 'c', HOME_URL: 'http://x' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      'SECRET is required but not set',
      'PORT: must be at most 65535 (got "70000")',
      'MODE: must be one of: a, b (got "c")',
      'HOME_URL: must use one of: https (got "http://x")',
    ]);
  });

  it('yields undefined for an optional variable without default', () => {
    expect(loadConfig({ STRIPE_KEY: { parse: str(), required: false } }, {})).toEqual({ STRIPE_KEY: undefined });
  });
});
