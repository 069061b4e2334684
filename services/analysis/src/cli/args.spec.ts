import { parseCommandLine, UsageError } from './args';

describe('analysis command line', () => {
  it.each([[[]], [['--help']], [['analyse', 'a.wav', '--help']]])('shows help for %j', (argv) => {
    expect(parseCommandLine(argv)).toEqual({ name: 'help' });
  });

  it('reads catalog import with its manifest', () => {
    expect(parseCommandLine(['catalog', 'import', 'demo/manifest.json'])).toEqual({
      name: 'catalog-import',
      manifest: 'demo/manifest.json',
    });
  });

  it('reads catalog demo with and without a count', () => {
    expect(parseCommandLine(['catalog', 'demo'])).toEqual({ name: 'catalog-demo', count: null });
    expect(parseCommandLine(['catalog', 'demo', '--count', '12'])).toEqual({ name: 'catalog-demo', count: 12 });
    expect(parseCommandLine(['catalog', 'demo', '--count=3'])).toEqual({ name: 'catalog-demo', count: 3 });
  });

  it('reads analyse with several files and --json anywhere', () => {
    expect(parseCommandLine(['analyse', 'a.wav', '--json', 'b.mp3'])).toEqual({
      name: 'analyse',
      files: ['a.wav', 'b.mp3'],
      json: true,
    });
    expect(parseCommandLine(['analyze', 'a.wav'])).toEqual({ name: 'analyse', files: ['a.wav'], json: false });
  });

  it('reads catalog export and its file', () => {
    expect(parseCommandLine(['catalog', 'export', 'c.snapshot'])).toEqual({
      name: 'catalog-export',
      file: 'c.snapshot',
    });
  });

  it.each([
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['catalog'], 'catalog needs a subcommand'],
    [['catalog', 'export'], 'exactly one file path'],
    [['catalog', 'list'], 'unknown catalog subcommand "list"'],
    [['catalog', 'import'], 'exactly one manifest path'],
    [['catalog', 'import', 'a.json', 'b.json'], 'exactly one manifest path'],
    [['catalog', 'demo', '--count', '0'], '--count must be a whole number from 1 to 500, got "0"'],
    [['catalog', 'demo', '--count', 'ten'], '--count must be a whole number'],
    [['analyse'], 'at least one audio file'],
    [['analyse', 'a.wav', '--jsn'], "Unknown option '--jsn'"],
    [['eval'], 'unknown command "eval"'],
  ])('refuses %j with a message that says what is wrong', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});
