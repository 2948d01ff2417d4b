// A certificate authority made for one federation test run, and a certificate per test host signed by it
// (openssl; P-256 keys, which are quick to make). The servers and the test runner trust the CA through
// NODE_EXTRA_CA_CERTS; Chromium trusts the hosts' keys through --ignore-certificate-errors-spki-list.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const KEY_OPTIONS = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args) {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The base64 SHA-256 of a certificate's public key (SubjectPublicKeyInfo), as Chromium's SPKI list wants it. */
export function spkiHashOf(certificateFile) {
  const certificate = new X509Certificate(readFileSync(certificateFile));
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/**
 * Makes `ca.pem` and, for every host name, `<host>.pem` and `<host>.key` in `dir`.
 * Answers the files and the hosts' SPKI hashes.
 */
export function makeCertificates(dir, hostNames) {
  const caFile = path.join(dir, 'ca.pem');
  const caKeyFile = path.join(dir, 'ca.key');
  // prettier-ignore
  openssl([
    'req', '-x509', ...KEY_OPTIONS, '-keyout', caKeyFile, '-out', caFile, '-days', '2',
    '-subj', '/CN=Palchat federation test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const hosts = {};
  for (const hostName of hostNames) {
    const certFile = path.join(dir, `${hostName}.pem`);
    const keyFile = path.join(dir, `${hostName}.key`);
    // prettier-ignore
    openssl([
      'req', '-x509', '-CA', caFile, '-CAkey', caKeyFile, ...KEY_OPTIONS, '-keyout', keyFile, '-out', certFile,
      '-days', '2', '-subj', `/CN=${hostName}`,
      '-addext', `subjectAltName=DNS:${hostName}`,
      '-addext', 'basicConstraints=critical,CA:FALSE',
      '-addext', 'keyUsage=critical,digitalSignature',
      '-addext', 'extendedKeyUsage=serverAuth',
    ]);
    hosts[hostName] = { certFile, keyFile, spkiHash: spkiHashOf(certFile) };
  }
  return { caFile, hosts };
}
