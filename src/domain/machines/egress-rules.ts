/**
 * A machine's way out (docs/machines.md, "Network"): with MACHINE_NETWORK=allow-list a machine has
 * no network of its own and reaches the outside only through the egress proxy, which lets through
 * the hosts on the operator's allow list and nothing else. These are the proxy's rules, pure so they
 * can be table-tested: how an allow entry is read, whether a requested host:port is on the list, and
 * which addresses are never reached by name (loopback, private, link-local, metadata …).
 */

export const MACHINE_NETWORKS = ['none', 'allow-list', 'internet'] as const;
export type MachineNetwork = (typeof MACHINE_NETWORKS)[number];

/** The package registries allow-list mode lets through unless MACHINE_EGRESS_ALLOW says otherwise. */
export const DEFAULT_EGRESS_ALLOW = ['registry.npmjs.org', 'pypi.org', 'files.pythonhosted.org'] as const;

/** Where the proxy is inside a machine (the agent relays it to the host's proxy). */
export const MACHINE_PROXY_PORT = 3128;

/**
 * `host`: a name (`pypi.org`) or every subdomain of one (`*.pythonhosted.org`), on 80 and 443 unless a
 * port is named. `address`: an IP literal with its port (`127.0.0.1:4873`), the only way a private or
 * loopback address is ever reached (an operator's own mirror, a test's stand-in registry).
 */
export type EgressRule = { kind: 'host'; host: string; wildcard: boolean; port: number | null } | { kind: 'address'; address: string; port: number };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A lower-case DNS name without its trailing dot, or null when it is not one. */
export function normalHostName(text: string): string | null {
  const host = text.toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  const labels = host.split('.');
  if (!labels.every((label) => LABEL.test(label))) return null;
  // All-numeric names are IPv4 in another spelling (inet_aton reads "2130706433" as 127.0.0.1).
  if (labels.every((label) => /^(\d+|0x[0-9a-f]*)$/.test(label))) return null;
  return host;
}

/** The four bytes of a dotted-quad IPv4 address (the only spelling accepted), or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad), or null. */
export function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return null;
  let tail: number[] = [];
  let body = text;
  if (text.includes('.')) {
    const lastColon = text.lastIndexOf(':');
    const v4 = lastColon < 0 ? null : parseIpv4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    body = text.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const group = (part: string) => (/^[0-9a-f]{1,4}$/i.test(part) ? parseInt(part, 16) : NaN);
  const want = 8 - tail.length;
  let groups: number[];
  if (body.includes('::')) {
    const [left = '', right = ''] = body.split('::');
    const a = left === '' ? [] : left.split(':').map(group);
    const b = right === '' ? [] : right.split(':').map(group);
    if (a.length + b.length >= want) return null;
    groups = [...a, ...new Array<number>(want - a.length - b.length).fill(0), ...b];
  } else {
    groups = body === '' ? [] : body.split(':').map(group);
    if (groups.length !== want) return null;
  }
  const all = [...groups, ...tail];
  return all.every((value) => Number.isInteger(value)) ? all : null;
}

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'shared' | 'unspecified' | 'multicast' | 'reserved';

function inV4(bytes: number[], prefix: [number, number, number, number], bits: number): boolean {
  const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const base = ((prefix[0] << 24) | (prefix[1] << 16) | (prefix[2] << 8) | prefix[3]) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) === (base & mask);
}

const V4_CLASSES: Array<[[number, number, number, number], number, AddressClass]> = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'], // carrier-grade NAT
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'], // and the cloud metadata service, 169.254.169.254
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // and 255.255.255.255
];

function classifyV4(bytes: number[]): AddressClass {
  return V4_CLASSES.find(([prefix, bits]) => inV4(bytes, prefix, bits))?.[2] ?? 'public';
}

/** What kind of address an IP literal is; null when the text is not an IP address. */
export function addressClass(text: string): AddressClass | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const v4 = parseIpv4(address);
  if (v4) return classifyV4(v4);
  const g = parseIpv6(address);
  if (!g) return null;
  const v4Tail = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  const zeroUntil = (n: number) => g.slice(0, n).every((value) => value === 0);
  if (zeroUntil(8)) return 'unspecified';
  if (zeroUntil(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUntil(5) && g[5] === 0xffff) return classifyV4(v4Tail);
  if (zeroUntil(6)) return classifyV4(v4Tail);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((value) => value === 0)) return classifyV4(v4Tail);
  if (g[0] === 0x2002) return classifyV4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]); // 6to4
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return 'link-local'; // fe80::/10, old site-local
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if (first === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (first === 0x0100 && g.slice(1, 4).every((value) => value === 0)) return 'reserved'; // discard
  return 'public';
}

/** `host`, `host:port`, `[v6]:port`: the parts, or null. */
export function splitHostPort(text: string): { host: string; port: number | null } | null {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!.toLowerCase(), port: bracketed[2] === undefined ? null : Number(bracketed[2]) };
  const plain = /^([^:\s[\]/]+)(?::(\d{1,5}))?$/.exec(text);
  if (!plain) return null;
  return { host: plain[1]!.toLowerCase(), port: plain[2] === undefined ? null : Number(plain[2]) };
}

const validPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65535;

/** One MACHINE_EGRESS_ALLOW entry. */
export function parseEgressRule(entry: string): Parsed<EgressRule> {
  const text = entry.trim();
  const parts = splitHostPort(text);
  if (!parts) return { ok: false, message: `"${text}" is not host, host:port, *.domain or an IP address with its port` };
  if (parts.port !== null && !validPort(parts.port)) return { ok: false, message: `"${text}" names a port outside 1–65535` };
  if (addressClass(parts.host) !== null) {
    if (parts.port === null) return { ok: false, message: `"${text}" is an IP address: name its port too (e.g. 127.0.0.1:4873), so only that one service is reachable` };
    const address = parseIpv4(parts.host) ? parts.host : parseIpv6(parts.host)!.map((value) => value.toString(16)).join(':');
    return { ok: true, value: { kind: 'address', address, port: parts.port } };
  }
  const wildcard = parts.host.startsWith('*.');
  const host = normalHostName(wildcard ? parts.host.slice(2) : parts.host);
  if (!host || (wildcard && !host.includes('.'))) return { ok: false, message: `"${text}" is not a host name${wildcard ? ' (a wildcard covers the subdomains of a domain such as *.example.org)' : ''}` };
  return { ok: true, value: { kind: 'host', host, wildcard, port: parts.port } };
}

/** The whole allow list; every entry must be valid (a typo never widens or silently narrows it). */
export function parseEgressAllowList(entries: readonly string[]): Parsed<EgressRule[]> {
  const rules: EgressRule[] = [];
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const parsed = parseEgressRule(entry);
    if (!parsed.ok) return parsed;
    rules.push(parsed.value);
  }
  if (rules.length === 0) return { ok: false, message: 'the allow list is empty: name at least one host (or use MACHINE_NETWORK=none)' };
  return { ok: true, value: rules };
}

/** An IP literal in the one spelling rules use (IPv6 groups without leading zeros, no `::`). */
function canonicalAddress(host: string): string | null {
  if (parseIpv4(host)) return host;
  const groups = parseIpv6(host);
  return groups ? groups.map((value) => value.toString(16)).join(':') : null;
}

export type EgressVerdict =
  /** `resolve`: a name, to be resolved by the proxy and reached only at public addresses. */
  | { allowed: true; kind: 'name'; host: string; port: number }
  /** `address`: an IP literal the operator named with its port, reached as it is. */
  | { allowed: true; kind: 'address'; address: string; port: number }
  | { allowed: false; reason: string };

/** The sentence a learner reads in pip's, npm's or curl's output. */
export const notAllowedReason = (host: string) => `codetrail: ${host} is not on this machine's allow list`;

/** Whether a machine may reach `host:port` (the host as the client sent it). */
export function egressVerdict(rules: readonly EgressRule[], host: string, port: number): EgressVerdict {
  const raw = host.replace(/^\[(.*)\]$/, '$1');
  if (!validPort(port)) return { allowed: false, reason: 'codetrail: that is not a port' };
  const address = canonicalAddress(raw.toLowerCase());
  if (address !== null) {
    const shown = raw.includes(':') ? `[${raw}]:${port}` : `${raw}:${port}`;
    const listed = rules.some((rule) => rule.kind === 'address' && rule.address === address && rule.port === port);
    return listed ? { allowed: true, kind: 'address', address: raw, port } : { allowed: false, reason: notAllowedReason(shown) };
  }
  const name = normalHostName(raw);
  if (!name) return { allowed: false, reason: 'codetrail: that is not a host name' };
  const listed = rules.some((rule) => {
    if (rule.kind !== 'host') return false;
    const matches = rule.wildcard ? name.endsWith(`.${rule.host}`) : name === rule.host;
    return matches && (rule.port === null ? port === 443 || port === 80 : port === rule.port);
  });
  return listed ? { allowed: true, kind: 'name', host: name, port } : { allowed: false, reason: notAllowedReason(port === 443 || port === 80 ? name : `${name}:${port}`) };
}

/** Of the addresses a name resolved to, those the proxy may connect to (public ones only). */
export function reachableAddresses(addresses: readonly string[]): string[] {
  return addresses.filter((address) => addressClass(address) === 'public');
}

/** How an allow entry is shown to a learner. */
function shownRule(rule: EgressRule): string {
  if (rule.kind === 'address') return rule.address.includes(':') ? `[${rule.address}]:${rule.port}` : `${rule.address}:${rule.port}`;
  return `${rule.wildcard ? '*.' : ''}${rule.host}${rule.port === null ? '' : `:${rule.port}`}`;
}

/** The one line the machine page, the instance app and the terminal's greeting show. */
export function networkSummary(network: MachineNetwork, allow: readonly EgressRule[]): string {
  if (network === 'internet') return 'Network: the internet (outbound only).';
  if (network === 'none' || allow.length === 0) return 'No network: this machine reaches nothing outside itself, so pip install and npm install from the internet do not work here.';
  return `Network: package registries only (${allow.map(shownRule).join(', ')}); everything else is refused.`;
}
