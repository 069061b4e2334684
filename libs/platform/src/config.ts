/**
 * Settings come from environment variables, checked once at start. Every missing or invalid
 * variable is reported by name in one error, so a broken deployment says what to fix.
 */
export interface ConfigEntry<T> {
  /** Used when the variable is unset or empty. */
  default?: T;
  /** Turns the raw text into the value; throws an Error whose message says what is expected. */
  parse: (raw: string) => T;
  /** With `required: false` and no default, a missing variable yields `undefined`. */
  required?: boolean;
}

export type ConfigSpec = Record<string, ConfigEntry<unknown>>;

export type ConfigOf<S extends ConfigSpec> = {
  [K in keyof S]: S[K] extends ConfigEntry<infer T>
    ? S[K] extends { required: false }
      ? S[K] extends { default: unknown }
        ? T
        : T | undefined
      : T
    : never;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends ConfigSpec>(spec: S, env: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(spec)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      if (entry.default !== undefined) values[name] = entry.default;
      else if (entry.required === false) values[name] = undefined;
      else problems.push(`${name} is required but not set`);
      continue;
    }
    try {
      values[name] = entry.parse(raw.trim());
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message} (got "${raw}")`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return values as ConfigOf<S>;
}

// ── parsers ────────────────────────────────────────────────────────────────────────────────────

export const str =
  (opts: { minLength?: number; maxLength?: number; pattern?: RegExp } = {}) =>
  (raw: string): string => {
    if (opts.minLength !== undefined && raw.length < opts.minLength)
      throw new Error(`must be at least ${opts.minLength} characters`);
    if (opts.maxLength !== undefined && raw.length > opts.maxLength)
      throw new Error(`must be at most ${opts.maxLength} characters`);
    if (opts.pattern && !opts.pattern.test(raw)) throw new Error(`must match ${opts.pattern}`);
    return raw;
  };

export const num =
  (opts: { min?: number; max?: number } = {}) =>
  (raw: string): number => {
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error('must be a number');
    if (opts.min !== undefined && value < opts.min) throw new Error(`must be at least ${opts.min}`);
    if (opts.max !== undefined && value > opts.max) throw new Error(`must be at most ${opts.max}`);
    return value;
  };

export const int =
  (opts: { min?: number; max?: number } = {}) =>
  (raw: string): number => {
    if (!/^-?\d+$/.test(raw)) throw new Error('must be an integer');
    return num(opts)(raw);
  };

export const port = () => int({ min: 0, max: 65535 });

export const url =
  (opts: { protocols?: string[] } = {}) =>
  (raw: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new Error('must be a URL');
    }
    const protocol = parsed.protocol.replace(/:$/, '');
    if (opts.protocols && !opts.protocols.includes(protocol))
      throw new Error(`must use one of: ${opts.protocols.join(', ')}`);
    return raw;
  };

export const bool =
  () =>
  (raw: string): boolean => {
    const v = raw.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw new Error('must be true or false');
  };

export const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (raw: string): T => {
    if (!(choices as readonly string[]).includes(raw)) throw new Error(`must be one of: ${choices.join(', ')}`);
    return raw as T;
  };

/** Comma-separated list, each item parsed by `item`. */
export const list =
  <T>(item: (raw: string) => T = (raw) => raw as unknown as T) =>
  (raw: string): T[] =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(item);

// ── entries every process shares ───────────────────────────────────────────────────────────────

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const commonConfig = {
  DATABASE_URL: {
    default: 'postgresql://postgres@127.0.0.1:5432/originality',
    parse: url({ protocols: ['postgres', 'postgresql'] }),
  },
  NATS_URL: { default: 'nats://127.0.0.1:4222', parse: url({ protocols: ['nats', 'tls', 'ws', 'wss'] }) },
  LOG_LEVEL: { default: 'info' as LogLevel, parse: oneOf(LOG_LEVELS) },
  NODE_ENV: {
    default: 'development' as 'development' | 'production' | 'test',
    parse: oneOf(['development', 'production', 'test'] as const),
  },
  /** The identity provider subject of the one super administrator (spec §6). Never shown to users. */
  SUPER_ADMIN_SUBJECT: { default: 'dev-super-admin', parse: str({ minLength: 1, maxLength: 255 }) },
} satisfies ConfigSpec;

/** The HTTP port entry with the process's own default (identity 3101, billing 3102, …). */
export const httpPortEntry = (defaultPort: number) =>
  ({ HTTP_PORT: { default: defaultPort, parse: port() } }) satisfies ConfigSpec;

/** Default HTTP ports (health and metrics) of each process. */
export const DEFAULT_HTTP_PORTS = {
  gateway: 3000,
  identity: 3101,
  billing: 3102,
  upload: 3103,
  analysis: 3104,
  'admin-analytics': 3105,
} as const;
