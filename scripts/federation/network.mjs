// The federation suite's private network: a network namespace per test host and one for the test runner
// ("client"), joined by a bridge that lives in the client namespace, so that the machine's own network is
// never touched. Addresses are IPv6 documentation addresses (2001:db8::/32): our egress policy refuses
// them as reserved, so the servers are started with them in ALLOWED_PRIVATE_ADDRESSES. Host names go into each namespace's hosts file
// (/etc/netns/NAME/hosts, which `ip netns exec` shows the process as /etc/hosts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

export const NAMESPACE_PREFIX = 'palchat-fed-';
export const CLIENT_NAMESPACE = `${NAMESPACE_PREFIX}client`;
const PROBE_NAMESPACE = `${NAMESPACE_PREFIX}probe`;
const BRIDGE = 'pcfed-br';
const SUBNET = '2001:db8:fed';

/** The test hosts: their namespace, address and name (under .example, reserved by RFC 2606). */
export const TEST_HOSTS = [
  { name: 'alpha', domain: 'alpha.palchat.example', address: `${SUBNET}::a` },
  { name: 'beta', domain: 'beta.palchat.example', address: `${SUBNET}::b` },
].map((host) => ({ ...host, namespace: `${NAMESPACE_PREFIX}${host.name}` }));

/**
 * A stub remote server that is no Palchat (apps/server/federation-test/support/stub-host.ts): the tests run it
 * themselves, in the client namespace, whose bridge also carries its address.
 */
export const STUB_HOST = { name: 'stub', domain: 'stub.palchat.example', address: `${SUBNET}::c` };

/** Every name the network resolves (and the run makes a certificate for). */
export const ALL_HOSTS = [...TEST_HOSTS, STUB_HOST];

function ip(args) {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Why this machine cannot run the suite, or null when it can (root, and `ip netns` works). */
export function unavailableReason() {
  if (process.platform !== 'linux') return `network namespaces need Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'network namespaces need root (run it as root, as CI does)';
  const probe = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return `\`ip netns\` is unavailable (${probe.error?.message ?? probe.stderr.trim()}): install iproute2`;
  }
  if (!existsSync('/proc/sys/net/ipv6'))
    return 'IPv6 is disabled in this kernel (the test hosts use IPv6 addresses)';
  // root in a container without CAP_SYS_ADMIN/CAP_NET_ADMIN lists namespaces but cannot make one
  const created = spawnSync('ip', ['netns', 'add', PROBE_NAMESPACE], { encoding: 'utf8' });
  if (created.status !== 0) return `cannot create a network namespace: ${created.stderr.trim()}`;
  spawnSync('ip', ['netns', 'del', PROBE_NAMESPACE]);
  const openssl = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  if (openssl.error || openssl.status !== 0) return 'openssl is missing: install the openssl package';
  return null;
}

function ourNamespaces() {
  const listed = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout ?? '';
  return listed
    .split('\n')
    .map((line) => line.split(' ')[0])
    .filter((name) => name.startsWith(NAMESPACE_PREFIX));
}

/** Ends every process left in our namespaces (a crashed run's servers), then removes the namespaces. */
export function removeNetwork() {
  for (const namespace of ourNamespaces()) {
    const pids = spawnSync('ip', ['netns', 'pids', namespace], { encoding: 'utf8' }).stdout ?? '';
    for (const pid of pids.split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    spawnSync('ip', ['netns', 'del', namespace]);
    rmSync(`/etc/netns/${namespace}`, { recursive: true, force: true });
  }
}

function writeHostsFile(namespace) {
  const lines = ['127.0.0.1 localhost', '::1 localhost', ...ALL_HOSTS.map((h) => `${h.address} ${h.domain}`)];
  mkdirSync(`/etc/netns/${namespace}`, { recursive: true });
  writeFileSync(`/etc/netns/${namespace}/hosts`, `${lines.join('\n')}\n`);
}

/** Creates the namespaces, the bridge and the hosts files (after removing what a crashed run left). */
export function createNetwork() {
  removeNetwork();
  ip(['netns', 'add', CLIENT_NAMESPACE]);
  writeHostsFile(CLIENT_NAMESPACE);
  ip(['-n', CLIENT_NAMESPACE, 'link', 'set', 'lo', 'up']);
  ip(['-n', CLIENT_NAMESPACE, 'link', 'add', BRIDGE, 'type', 'bridge', 'forward_delay', '0']);
  ip(['-n', CLIENT_NAMESPACE, 'link', 'set', BRIDGE, 'up']);
  // nodad: the addresses are usable at once instead of after duplicate address detection (about a second)
  ip(['-n', CLIENT_NAMESPACE, 'addr', 'add', `${SUBNET}::1/64`, 'dev', BRIDGE, 'nodad']);
  ip(['-n', CLIENT_NAMESPACE, 'addr', 'add', `${STUB_HOST.address}/64`, 'dev', BRIDGE, 'nodad']);
  for (const host of TEST_HOSTS) {
    const port = `pcfed-${host.name}`;
    ip(['netns', 'add', host.namespace]);
    writeHostsFile(host.namespace);
    ip(['-n', host.namespace, 'link', 'set', 'lo', 'up']);
    ip([
      '-n',
      CLIENT_NAMESPACE,
      'link',
      'add',
      port,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      host.namespace,
    ]);
    ip(['-n', CLIENT_NAMESPACE, 'link', 'set', port, 'master', BRIDGE, 'up']);
    ip(['-n', host.namespace, 'link', 'set', 'eth0', 'up']);
    ip(['-n', host.namespace, 'addr', 'add', `${host.address}/64`, 'dev', 'eth0', 'nodad']);
  }
}
