import { heatmapLevel } from './heatmap-levels';

describe('heatmap intensity', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [2, 10, 1],
    [2.5, 10, 2],
    [4, 10, 2],
    [5, 10, 3],
    [6, 10, 3],
    [7, 10, 4],
    [8, 10, 4],
    [9, 10, 5],
    [10, 10, 5],
  ])('score %d of max %d is level %d (20 %% steps)', (score, max, level) => {
    expect(heatmapLevel(score, max)).toBe(level);
  });

  it('is level 0 everywhere when nothing happened', () => {
    expect(heatmapLevel(0, 0)).toBe(0);
  });
});
