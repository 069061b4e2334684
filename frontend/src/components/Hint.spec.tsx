import { act, fireEvent, render, screen } from '@testing-library/react';
import { Hint } from './Hint';

describe('hints (spec §9 tooltip timings)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens after 700 ms, and at once when another hint closed less than 300 ms before', () => {
    render(
      <>
        <Hint title="First hint">
          <button>one</button>
        </Hint>
        <Hint title="Second hint">
          <button>two</button>
        </Hint>
      </>,
    );
    fireEvent.mouseEnter(screen.getByText('one'));
    act(() => jest.advanceTimersByTime(650));
    expect(screen.queryByText('First hint')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(50));
    expect(screen.getByText('First hint')).toBeInTheDocument();

    fireEvent.mouseLeave(screen.getByText('one'));
    act(() => jest.advanceTimersByTime(150));
    fireEvent.mouseEnter(screen.getByText('two'));
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Second hint')).toBeInTheDocument();
  });
});
