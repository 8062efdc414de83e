import { checkPreviewTemplate, previewFrameSource, previewOrigin, previewTemplateFrom, projectIdFromHost } from './preview-origin';

const ID = 'abcdefghijklmnopqrst';
const LOCAL = 'http://p-{id}.localhost:3001';
const PROD = 'https://p-{id}.codetrail-usercontent.app';

describe('previewOrigin', () => {
  it.each([
    [LOCAL, `http://p-${ID}.localhost:3001`],
    [PROD, `https://p-${ID}.codetrail-usercontent.app`],
  ])('%s → %s', (template, origin) => expect(previewOrigin(template, ID)).toBe(origin));
});

describe('checkPreviewTemplate', () => {
  it.each([
    [LOCAL, 'http://localhost:3000', true],
    [PROD, 'https://codetrail.app', true],
    ['http://localhost:3001', 'http://localhost:3000', false],
    ['http://p-{id}.localhost:3000/path', 'http://localhost:3000', false],
    ['ftp://p-{id}.localhost', 'http://localhost:3000', false],
    ['http://localhost.{id}:3001', 'http://localhost:3000', false],
    ['javascript:{id}', 'http://localhost:3000', false],
  ])('%s beside %s: %s', (template, app, ok) => expect(checkPreviewTemplate(template, app).ok).toBe(ok));
});

describe('projectIdFromHost', () => {
  it.each([
    [`p-${ID}.localhost:3001`, LOCAL, ID],
    [`P-${ID.toUpperCase()}.LOCALHOST:3001`, LOCAL, ID],
    [`p-${ID}.codetrail-usercontent.app`, PROD, ID],
    [`p-${ID}.localhost:3000`, LOCAL, null],
    [`p-${ID}.localhost`, LOCAL, null],
    [`p-${ID}.evil.localhost:3001`, LOCAL, null],
    [`x.p-${ID}.localhost:3001`, LOCAL, null],
    ['p-short.localhost:3001', LOCAL, null],
    [`p-${ID}1.localhost:3001`, LOCAL, null],
    ['localhost:3001', LOCAL, null],
    [undefined, LOCAL, null],
  ])('%s under %s → %s', (host, template, id) => expect(projectIdFromHost(host, template)).toBe(id));
});

describe('previewFrameSource', () => {
  it.each([
    [LOCAL, 'http://*.localhost:3001'],
    [PROD, 'https://*.codetrail-usercontent.app'],
    ['https://{id}-preview.example.com', 'https://*.example.com'],
  ])('%s → %s', (template, source) => expect(previewFrameSource(template)).toBe(source));
});

describe('previewTemplateFrom', () => {
  it.each([
    [{}, 'http://p-{id}.localhost:3001'],
    [{ PORT: '3400' }, 'http://p-{id}.localhost:3401'],
    [{ PORT: '3400', PREVIEW_PORT: '5000' }, 'http://p-{id}.localhost:5000'],
    [{ PREVIEW_ORIGIN: PROD, PORT: '3400' }, PROD],
    [{ PREVIEW_ORIGIN: '  ' }, 'http://p-{id}.localhost:3001'],
  ])('%p → %s', (env, template) => expect(previewTemplateFrom(env)).toBe(template));
});
