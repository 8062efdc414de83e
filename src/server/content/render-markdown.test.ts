import { renderInlineMarkdown, renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders paragraphs, code blocks and inline code', () => {
    const html = renderMarkdown('Use `print`:\n\n```python\nprint("hi")\n```');
    expect(html).toContain('<code>print</code>');
    expect(html).toContain('<pre><code class="language-python">print(&quot;hi&quot;)');
  });

  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).not.toContain('<script>');
    expect(renderInlineMarkdown('a <img src=x onerror=alert(1)>')).toBe('a &lt;img src=x onerror=alert(1)&gt;');
  });
});
