/** Palchat's end-to-end encryption client: the glue around ts-mls shared by the browser, tests and benchmarks. */
export const CIPHERSUITE_NAME = 'MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519';
