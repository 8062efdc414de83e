import { addressClass, DEFAULT_EGRESS_ALLOW, egressVerdict, networkSummary, parseEgressAllowList, parseEgressRule, parseIpv6, reachableAddresses, type AddressClass, type EgressRule } from './egress-rules';

function rules(...entries: string[]): EgressRule[] {
  const parsed = parseEgressAllowList(entries);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

describe('parseEgressRule', () => {
  it.each<[string, EgressRule | string]>([
    ['registry.npmjs.org', { kind: 'host', host: 'registry.npmjs.org', wildcard: false, port: null }],
    ['PyPI.org.', { kind: 'host', host: 'pypi.org', wildcard: false, port: null }],
    ['*.pythonhosted.org', { kind: 'host', host: 'pythonhosted.org', wildcard: true, port: null }],
    ['mirror.example:8080', { kind: 'host', host: 'mirror.example', wildcard: false, port: 8080 }],
    ['127.0.0.1:4873', { kind: 'address', address: '127.0.0.1', port: 4873 }],
    ['[::1]:4873', { kind: 'address', address: '0:0:0:0:0:0:0:1', port: 4873 }],
    ['127.0.0.1', 'is an IP address: name its port too'],
    ['10.0.0.5', 'is an IP address: name its port too'],
    ['*.org', 'is not a host name'],
    ['*', 'is not a host name'],
    ['pypi.org:0', 'outside 1–65535'],
    ['pypi.org:70000', 'outside 1–65535'],
    ['http://pypi.org', 'is not host'],
    ['pypi.org/simple', 'is not host'],
    ['bad_host.org', 'is not a host name'],
    ['2130706433', 'is not a host name'],
    ['0x7f.1', 'is not a host name'],
  ])('%s', (entry, expected) => {
    const parsed = parseEgressRule(entry);
    if (typeof expected === 'string') {
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(expected);
    } else {
      expect(parsed).toEqual({ ok: true, value: expected });
    }
  });

  it('refuses an allow list with one bad entry, or none', () => {
    expect(parseEgressAllowList(['pypi.org', 'nope nope'])).toMatchObject({ ok: false });
    expect(parseEgressAllowList([' ', ''])).toMatchObject({ ok: false, message: expect.stringContaining('empty') });
    expect(parseEgressAllowList([...DEFAULT_EGRESS_ALLOW])).toMatchObject({ ok: true });
  });
});

describe('egressVerdict', () => {
  const list = rules('registry.npmjs.org', 'pypi.org', '*.pythonhosted.org', 'mirror.example:8443', '127.0.0.1:4873', 'localhost:4874');
  it.each<[string, number, 'name' | 'address' | string]>([
    ['registry.npmjs.org', 443, 'name'],
    ['REGISTRY.npmjs.org.', 443, 'name'],
    ['pypi.org', 80, 'name'],
    ['files.pythonhosted.org', 443, 'name'],
    ['a.b.pythonhosted.org', 443, 'name'],
    ['mirror.example', 8443, 'name'],
    ['127.0.0.1', 4873, 'address'],
    // A name on the list is still resolved and checked by the proxy: `localhost` is a name.
    ['localhost', 4874, 'name'],
    // Refused: other hosts, other ports, the wildcard's own domain, look-alikes.
    ['pythonhosted.org', 443, "codetrail: pythonhosted.org is not on this machine's allow list"],
    ['evilpypi.org', 443, "codetrail: evilpypi.org is not on this machine's allow list"],
    ['pypi.org.evil.example', 443, "codetrail: pypi.org.evil.example is not on this machine's allow list"],
    ['pypi.org', 22, "codetrail: pypi.org:22 is not on this machine's allow list"],
    ['mirror.example', 443, "codetrail: mirror.example is not on this machine's allow list"],
    ['127.0.0.1', 3000, "codetrail: 127.0.0.1:3000 is not on this machine's allow list"],
    ['127.0.0.2', 4873, "codetrail: 127.0.0.2:4873 is not on this machine's allow list"],
    ['169.254.169.254', 80, "codetrail: 169.254.169.254:80 is not on this machine's allow list"],
    ['[::1]', 4873, "codetrail: [::1]:4873 is not on this machine's allow list"],
    ['::ffff:127.0.0.1', 4873, "codetrail: [::ffff:127.0.0.1]:4873 is not on this machine's allow list"],
    ['2130706433', 443, 'codetrail: that is not a host name'],
    ['pypi.org', 0, 'codetrail: that is not a port'],
  ])('%s:%i → %s', (host, port, expected) => {
    const verdict = egressVerdict(list, host, port);
    if (expected === 'name' || expected === 'address') expect(verdict).toMatchObject({ allowed: true, kind: expected, port });
    else expect(verdict).toEqual({ allowed: false, reason: expected });
  });
});

describe('addressClass', () => {
  it.each<[string, AddressClass | null]>([
    ['93.184.216.34', 'public'],
    ['151.101.0.223', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:a00:1::', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2606:4700::6810:84e5', 'public'],
    ['2001:db8::1', 'reserved'],
    ['pypi.org', null],
    ['1.2.3', null],
    ['01.2.3.4', null],
    ['1:2:3:4:5:6:7:8:9', null],
  ])('%s is %s', (address, expected) => {
    expect(addressClass(address)).toBe(expected);
  });

  it('reads IPv6 with a trailing IPv4 and with ::', () => {
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1:2:3:4:5:6:7:8::')).toBeNull();
  });

  it('keeps only public addresses of a resolved name', () => {
    expect(reachableAddresses(['127.0.0.1', '151.101.0.223', '::1', '10.0.0.1', '2606:4700::1'])).toEqual(['151.101.0.223', '2606:4700::1']);
    expect(reachableAddresses(['127.0.0.1'])).toEqual([]);
  });
});

describe('networkSummary', () => {
  it.each([
    ['none', [], 'No network: this machine reaches nothing outside itself, so pip install and npm install from the internet do not work here.'],
    ['allow-list', rules('registry.npmjs.org', '*.pythonhosted.org', '127.0.0.1:4873'), 'Network: package registries only (registry.npmjs.org, *.pythonhosted.org, 127.0.0.1:4873); everything else is refused.'],
    ['internet', [], 'Network: the internet (outbound only).'],
  ] as const)('%s', (network, allow, line) => {
    expect(networkSummary(network, allow)).toBe(line);
  });
});
