import dns from 'node:dns';
import net from 'node:net';

/**
 * Which addresses a firm's own mail server may be on. A firm's administrator types its host, and the
 * server connects there: without this, "Send test email" and the outbox would reach into the server's own
 * networks (its loopback, the private network, a cloud's metadata service) for anyone who can type a host.
 * `true`: every private or local address (an on-premises mail server beside the app); a list: those
 * addresses and ranges only (SMTP_ALLOW_PRIVATE_HOSTS). Either way some addresses are never reached.
 */
export type PrivateHostsAllowed = true | string[];

type Range = [address: string, prefix: number];

const blockList = (ranges: Range[]) => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges)
    list.addSubnet(address, prefix, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  return list;
};

/** Never a mail server's, whatever is allowed: cloud metadata services, and what is no one host. */
const NEVER = blockList([
  ['169.254.169.254', 32], // instance metadata (AWS, Azure, Google Cloud, Oracle Cloud…)
  ['fd00:ec2::254', 128], // AWS instance metadata over IPv6
  ['100.100.100.200', 32], // Alibaba Cloud instance metadata
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
  ['192.0.2.0', 24], // documentation (TEST-NET-1, -2, -3)
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['::', 128], // unspecified
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel whose far end cannot be checked
  ['2001:db8::', 32], // documentation
]);

/** Private, local and shared networks: reached only when the operator allows them. */
const PRIVATE = blockList([
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8], // private (RFC 1918)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16], // link-local
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['192.0.0.0', 24], // IETF protocol assignments
  ['198.18.0.0', 15], // benchmarking
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['64:ff9b:1::', 48], // local-use NAT64
]);

/** An IPv6 address's eight 16-bit groups ('64:ff9b::10.0.0.1' and '64:ff9b::a00:1' alike). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const words = (part?: string) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const [before, after] = [words(head), words(tail)];
  return tail === undefined
    ? before
    : [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address carries, which is where it leads. */
function embeddedIpv4(address: string): string | undefined {
  const g = groupsOf(address);
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((w) => w === 0)) return ipv4(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4(g[1], g[2]);
  return undefined;
}

/** What an address is to us: one we may reach, a private one, or one no mail server is on. */
export function addressKind(address: string): 'public' | 'private' | 'never' {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (NEVER.check(address, family)) return 'never';
  if (PRIVATE.check(address, family)) return 'private';
  const inner = family === 'ipv6' ? embeddedIpv4(address) : undefined;
  return inner ? addressKind(inner) : 'public';
}

/** The allowed list as ranges ('10.0.5.20', '192.168.10.0/24', 'fd12::/64'); undefined when an entry is none. */
export function parseAllowedHosts(entries: string[]): string[] | undefined {
  const ok = entries.every((entry) => {
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (!family || rest.length) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
  });
  return ok ? entries : undefined;
}

function allowedList(allowed: string[]): net.BlockList {
  return blockList(
    allowed.map((entry): Range => {
      const [address, prefix] = entry.split('/');
      return [address, prefix === undefined ? (net.isIPv6(address) ? 128 : 32) : Number(prefix)];
    }),
  );
}

/** Why a mail server's host cannot be used: its name is unknown, or an address is one we do not reach. */
export class MailHostError extends Error {
  constructor(readonly kind: 'not-found' | 'refused') {
    super(kind === 'not-found' ? 'mail server name not found' : 'mail server address refused');
  }
}

type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Checks where `host` leads and answers the one address to connect to: every address the name resolves to
 * must be public (or allowed), since a name may answer differently the next time (DNS rebinding). The
 * caller connects to the address answered, never to the name again.
 */
export function mailHostChecker(allowed: PrivateHostsAllowed, lookup: Lookup = systemLookup) {
  const list = allowed === true ? undefined : allowedList(allowed);
  const mayReach = (address: string) => {
    const kind = addressKind(address);
    if (kind === 'public') return true;
    if (kind === 'never') return false;
    return allowed === true || list!.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  };
  return async (host: string, timeoutMs: number): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MailHostError('not-found')), timeoutMs);
    });
    const found = await Promise.race([lookup(host), timeout])
      .catch((error: unknown) => {
        throw error instanceof MailHostError ? error : new MailHostError('not-found');
      })
      .finally(() => clearTimeout(timer));
    if (found.length === 0) throw new MailHostError('not-found');
    if (!found.every((a) => mayReach(a.address))) throw new MailHostError('refused');
    return found[0].address;
  };
}

export type MailHostChecker = ReturnType<typeof mailHostChecker>;
