// testTimeout is a global Jest option, not a per-project one: integration suites that boot
// services (and share 2 cores with other suites) set their own, longer limit here.
jest.setTimeout(120_000);
