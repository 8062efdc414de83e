import { MACHINE_ID_PATTERN } from '@/domain/machines/machine-rules';

/**
 * Where a machine's web server is previewed: an origin of its own per machine and port, never
 * the instance app's, so the learner's pages reach no cookie or API of the instance app.
 * The template holds `{machine}` and `{port}` in its host, e.g. `http://m-{machine}-{port}.localhost:4002`
 * (Chromium resolves *.localhost without DNS) or `https://{machine}-{port}.preview.example.com`.
 * In a host name the machine id `m_abc…` is written without its `m_` (underscores are not valid
 * in host names): `{machine}` is its 12 letters and digits.
 */
export interface PreviewTarget {
  machineId: string;
  port: number;
}

const MACHINE_LABEL = '[a-z0-9]{12}';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Null when the template is usable, else the sentence that says what is wrong with it. */
export function previewTemplateProblem(template: string, instanceOrigin: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)$/.exec(template);
  if (!match) return 'INSTANCE_PREVIEW_ORIGIN must be an http(s) origin such as https://{machine}-{port}.preview.example.com.';
  const host = match[2] ?? '';
  if (host.split('{machine}').length !== 2 || host.split('{port}').length !== 2) return 'INSTANCE_PREVIEW_ORIGIN must hold {machine} and {port} once each in its host.';
  const firstLabel = host.split('.')[0] ?? '';
  if (!firstLabel.includes('{machine}') || !firstLabel.includes('{port}')) return 'INSTANCE_PREVIEW_ORIGIN must hold {machine} and {port} in its first host label (one origin per machine and port).';
  const sample = previewOriginFor(template, { machineId: 'm_aaaaaaaaaaaa', port: 3000 });
  let sampleHost: string;
  try {
    sampleHost = new URL(sample).host;
  } catch {
    return 'INSTANCE_PREVIEW_ORIGIN does not make a valid origin.';
  }
  if (sampleHost === new URL(instanceOrigin).host) return 'INSTANCE_PREVIEW_ORIGIN must differ from the instance app origin.';
  return null;
}

export function previewOriginFor(template: string, target: PreviewTarget): string {
  if (!MACHINE_ID_PATTERN.test(target.machineId)) throw new Error(`Not a machine id: ${target.machineId}`);
  return template.replace('{machine}', target.machineId.slice(2)).replace('{port}', String(target.port));
}

/** The regular expression a request's Host header must match to be a preview host of `template`. */
export function previewHostMatcher(template: string): (host: string | undefined) => PreviewTarget | null {
  const url = /^https?:\/\/([^/?#]+)$/.exec(template);
  let hostTemplate = (url?.[1] ?? '').toLowerCase();
  // The default port is left out of Host headers.
  if (template.startsWith('https://')) hostTemplate = hostTemplate.replace(/:443$/, '');
  else hostTemplate = hostTemplate.replace(/:80$/, '');
  const machineFirst = hostTemplate.indexOf('{machine}') < hostTemplate.indexOf('{port}');
  const pattern = new RegExp(
    `^${escapeRegExp(hostTemplate)
      .replace(escapeRegExp('{machine}'), `(${MACHINE_LABEL})`)
      .replace(escapeRegExp('{port}'), '(\\d{1,5})')}$`,
  );
  return (host) => {
    if (!host) return null;
    const match = pattern.exec(host.toLowerCase());
    if (!match) return null;
    const [machine, port] = machineFirst ? [match[1], match[2]] : [match[2], match[1]];
    const portNumber = Number(port);
    if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535 || String(portNumber) !== port) return null;
    return { machineId: `m_${machine}`, port: portNumber };
  };
}
