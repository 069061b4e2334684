import { staleCatalogueWarning } from './analyse';

describe('staleCatalogueWarning', () => {
  it('says nothing when every catalogue track is current', () => {
    expect(staleCatalogueWarning(0, 40)).toBeNull();
  });

  it('counts the tracks left out and says how to bring them back', () => {
    const warning = staleCatalogueWarning(3, 0)!;
    expect(warning).toContain('3 of 3 catalogue tracks');
    expect(warning).toContain('catalog import');
  });
});
