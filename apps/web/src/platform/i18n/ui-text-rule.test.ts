// @vitest-environment node
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint set-up, without types
import { uiTextPlugin } from '../../../../../scripts/eslint-ui-text.mjs';

const linter = new Linter({ configType: 'flat' });

/** The ui-text rule's findings for one TSX source. */
function findings(code: string): string[] {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
          plugins: { i18n: uiTextPlugin as never },
          rules: { 'i18n/ui-text': 'error' },
        },
      ],
      'view.tsx',
    )
    .map((message) => message.message);
}

describe('the lint rule that keeps UI text in the catalogue', () => {
  it('reports words between tags and in the attributes a reader sees or hears', () => {
    expect(findings('const a = <p>Hello</p>;')).toHaveLength(1);
    expect(findings("const a = <p>{'Hello'}</p>;")).toHaveLength(1);
    expect(findings('const a = <button aria-label="Close">×</button>;')).toHaveLength(1);
    expect(findings('const a = <img alt={`Photo of ${name}`} src={s} />;')).toHaveLength(1);
    expect(findings('const a = <input placeholder="Search" title="Find" />;')).toHaveLength(2);
    expect(findings('const a = <p>مرحبا</p>;')).toHaveLength(1);
  });

  it('leaves alone what has no words, catalogue ids, and what the page does not show', () => {
    expect(findings("const a = <p>{t('status.reply')} · 3 → {' '}</p>;")).toEqual([]);
    expect(findings('const a = <Column title="column.blocks" className="wide box" alt="" />;')).toEqual([]);
    expect(findings('const a = <a href="/about" rel="noopener">{name}</a>;')).toEqual([]);
  });
});
