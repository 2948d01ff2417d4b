import { describe, expect, it } from 'vitest';
import { directionProblems } from './css-direction.mjs';

const lines = (css) => directionProblems(css).map((problem) => problem.line);

describe('directionProblems', () => {
  it('finds physical properties and keywords, with their lines', () => {
    const css = `.a {\n  left: 0;\n  margin-right: 4px;\n}\n.b {\n  text-align: left;\n  border-left: 1px solid;\n}`;
    expect(lines(css)).toEqual([2, 3, 6, 7]);
  });

  it('accepts logical properties and direction-free values', () => {
    const css = `.a { inset-inline-start: 0; margin-inline-end: 4px; text-align: start; padding: 1px 2px 3px 2px;
      border-radius: 4px 4px 0 0; transform: translateY(-50%); box-shadow: 0 1px 3px red, inset 0 0 0 2px blue; }`;
    expect(directionProblems(css)).toEqual([]);
  });

  it('finds shorthands whose left and right differ', () => {
    expect(lines('.a { padding: 1px 2px 3px 4px; }')).toEqual([1]);
    expect(lines('.a { inset: 0 auto 0 0; }')).toEqual([1]);
    expect(lines('.a { border-radius: 4px 0; }')).toEqual([1]);
    expect(lines('.a { border-radius: 4px 0 0 4px; }')).toEqual([1]);
  });

  it('finds sideways translates and shadows outside a :dir() rule, and accepts them inside one', () => {
    expect(lines('.a { transform: translateX(16px); }\n.b { box-shadow: -4px 0 8px red; }')).toEqual([1, 2]);
    expect(lines('.a:dir(rtl) { transform: translateX(-16px); }')).toEqual([]);
    expect(lines("[dir='rtl'] .a { box-shadow: 4px 0 8px red; }")).toEqual([]);
  });

  it('reads declarations inside at-rules and skips comments and declarations marked direction-neutral', () => {
    expect(lines('/* left: 0; */\n@media (width < 4px) {\n  .a {\n    right: 0;\n  }\n}')).toEqual([4]);
    expect(lines('.a {\n  /* direction-neutral: centred */\n  left: 50%;\n  right: 0;\n}')).toEqual([4]);
  });
});
