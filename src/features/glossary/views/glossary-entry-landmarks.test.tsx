import { render } from '@testing-library/react';
import { glossaryCta } from '@/domain/glossary/glossary';
import type { GlossaryEntryPageProps } from '@/lib/glossary/glossary-page-props';
import { landmarkNames, repeatedLandmarkNames } from '@/ui/testing/landmark-names';
import GlossaryEntryView from './glossary-entry-view';

jest.mock('next/head', () => ({ __esModule: true, default: () => null }));
jest.mock('@/lib/analytics/use-exposure-events', () => ({ useExposureEvents: () => undefined }));
jest.mock('@/features/editor', () => ({ HtmlPreview: () => null }));

const props: GlossaryEntryPageProps = {
  entry: {
    id: 'a',
    kind: 'element',
    name: 'a',
    title: 'The a element',
    summary: 'A link.',
    explanationHtml: '<p>Links.</p>',
    example: { name: 'index.html', content: '<a href="/">Home</a>' },
    compat: { key: 'html.elements.a', support: { chrome: '1', edge: '12', firefox: '1', safari: '1', chrome_android: '18', safari_ios: '1' }, deprecated: false, mdnUrl: null },
  },
  lessons: [{ id: 'l1', title: 'Links', tutorialTitle: 'HTML basics', href: '/web/track/html/tutorial/t/chapter/c/learn?lesson=0' }],
  related: [{ id: 'href', kind: 'attribute', name: 'href', summary: 'Where a link goes.' }],
  cta: { ...glossaryCta('original'), href: '/web/onboarding' },
  url: 'https://codetrail.test/glossary/html/a',
  exposures: [],
};

describe('a glossary entry’s landmarks', () => {
  it('name each section and the scrolling support table apart (axe landmark-unique)', () => {
    const { container } = render(<GlossaryEntryView {...props} />);
    expect(landmarkNames(container).region).toEqual(['Example', 'Browser support', 'Browser support table', 'Learn it in the HTML course', 'Related']);
    expect(repeatedLandmarkNames(container)).toEqual([]);
  });
});
