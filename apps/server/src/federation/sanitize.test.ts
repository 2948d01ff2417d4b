import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeRemoteHtml } from './sanitize.js';

describe('sanitizeRemoteHtml', () => {
  it('keeps a Mastodon status as it is, links marked nofollow', () => {
    const html =
      '<p>Hi <span class="h-card"><a href="https://b.example/@bob" class="u-url mention">@<span>bob</span></a></span> ' +
      '<a href="https://b.example/tags/cats" class="mention hashtag" rel="tag">#<span>cats</span></a> ' +
      '<a href="https://example.com/a/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/a/</span><span class="invisible">long/path</span></a></p>';
    const clean = sanitizeRemoteHtml(html);
    expect(clean).toContain(
      '<span class="h-card"><a href="https://b.example/@bob" class="u-url mention" rel="nofollow noopener" target="_blank">@<span>bob</span></a></span>',
    );
    expect(clean).toContain(
      'class="mention hashtag" rel="nofollow noopener" target="_blank">#<span>cats</span></a>',
    );
    expect(clean).toContain(
      '<span class="invisible">https://</span><span class="ellipsis">example.com/a/</span>',
    );
  });

  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">click</a>', '<span>click</span>'],
    ['<a href="JaVaScRiPt:alert(1)" class="mention">click</a>', '<span class="mention">click</span>'],
    ['<a href="/relative">here</a>', '<span>here</span>'],
    ['<a href="//evil.example/x">here</a>', '<span>here</span>'],
    ['<img src="data:image/png;base64,AAAA" onerror="alert(1)">', ''],
    ['<p><img src="https://a.example/x.png" alt="x"></p>', '<p></p>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<span class="evil mention" data-x="1" translate="yes">m</span>', '<span class="mention">m</span>'],
    ['<span translate="no">Palchat</span>', '<span translate="no">Palchat</span>'],
    ['<div><section>text</section></div>', 'text'],
    ['<form action="https://evil.example"><input value="x"></form>', ''],
  ])('cleans %s', (input, expected) => {
    expect(sanitizeRemoteHtml(input)).toBe(expected);
  });

  it('keeps formatting, lists, quotes and code; headings become bold paragraphs (Mastodon 4)', () => {
    expect(
      sanitizeRemoteHtml(
        '<h1 id="t">Title</h1><h3>Sub</h3><ol start="3" reversed><li value="5"><em>a</em></li></ol><ul><li><b>b</b></li></ul>' +
          '<blockquote><p><del>c</del> <s>s</s> <u>u</u> <i>i</i> <strong>d</strong></p></blockquote><pre><code>x &lt; 1</code></pre>',
      ),
    ).toBe(
      '<p><strong>Title</strong></p><p><strong>Sub</strong></p><ol start="3" reversed><li value="5"><em>a</em></li></ol><ul><li><b>b</b></li></ul>' +
        '<blockquote><p><del>c</del> <s>s</s> <u>u</u> <i>i</i> <strong>d</strong></p></blockquote><pre><code>x &lt; 1</code></pre>',
    );
  });

  it('keeps the other link schemes Mastodon allows, replaces rel and target', () => {
    expect(sanitizeRemoteHtml('<a href="gemini://g.example/" rel="me" target="_self">g</a>')).toBe(
      '<a href="gemini://g.example/" rel="nofollow noopener" target="_blank">g</a>',
    );
  });
});

describe('htmlToPlainText', () => {
  it('turns paragraphs and breaks into lines, decodes entities, drops tags', () => {
    expect(
      htmlToPlainText('<p>Hi &amp; <a href="https://x.example">@<span>bob</span></a></p><p>a<br>b &lt;3</p>'),
    ).toBe('Hi & @bob\n\na\nb <3');
  });
});
