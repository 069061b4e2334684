import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router reads these at import; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks the layout APIs antd's responsive components ask for.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd measures scrollbars through getComputedStyle with a pseudo-element, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  sessionStorage.clear();
});

// @ant-design/icons' CommonJS build requires the ES build of one colors file, which Jest cannot
// load untransformed; hand it the CommonJS twin instead.
jest.mock('@ant-design/colors/es/generate', () => jest.requireActual('@ant-design/colors/lib/generate'));

// Screens render antd in jsdom, which is slow on a busy 2-core CI machine: give async queries and
// tests room so they fail on behaviour, not on load. The history's reanalysis test takes 8.7 s on a quiet
// machine and passed 30 s with the other core busy (CI beside an engine evaluation): the budgets are what a
// test may take when it passes, so they are several times the quiet figures.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(120_000);
