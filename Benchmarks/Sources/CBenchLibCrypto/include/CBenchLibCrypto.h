#ifndef C_BENCH_LIBCRYPTO_H
#define C_BENCH_LIBCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* The raw libcrypto baselines of passkey-bench: signature verification in plain C against a key built once,
   so that the cost of the library around the same libcrypto calls can be measured in the same run. */

/* An opaque verifier: an EVP_PKEY parsed from a DER SubjectPublicKeyInfo, its digest fetched once
   (digest_name NULL for EdDSA), and the message digest precomputed. NULL on failure. */
typedef struct bench_raw_verifier bench_raw_verifier;
bench_raw_verifier *bench_raw_verifier_new(const uint8_t *spki, size_t spki_length, const char *digest_name,
                                           const uint8_t *message, size_t message_length,
                                           const uint8_t *signature, size_t signature_length);
/* The verifier of one certificate signature: `subject`'s TBSCertificate and signature, `issuer`'s public key, the
   digest of the signature algorithm. NULL on failure. */
bench_raw_verifier *bench_raw_verifier_new_certificate(const uint8_t *subject, size_t subject_length,
                                                       const uint8_t *issuer, size_t issuer_length);
void bench_raw_verifier_free(bench_raw_verifier *verifier);

/* What a WebAuthn verifier has to do per signature, in the cheapest C: one EVP_MD_CTX reused by this thread,
   EVP_DigestVerifyInit with the pre-fetched digest, EVP_DigestVerify over the message. Returns how many
   of `iterations` verified (all of them, or the baseline is wrong). Safe to call from several threads. */
long bench_digest_verify_loop(const bench_raw_verifier *verifier, long iterations);

/* The signature arithmetic alone, as `openssl speed` measures it: an EVP_PKEY_CTX initialised once for this
   call, then EVP_PKEY_verify over the precomputed digest per iteration (EdDSA: EVP_DigestVerify on a context
   initialised once). Returns how many verified. Safe to call from several threads. */
long bench_verify_only_loop(const bench_raw_verifier *verifier, long iterations);

/* Generates an RSA key of `bits` bits (e = 65537) and signs `message` with RSASSA-PKCS1-v1_5 and SHA-256 (RS256).
   Writes the big-endian modulus and exponent and the signature into the buffers (each at least 1024 bytes) and
   their lengths. Returns 1 on success. */
int bench_rsa_generate_and_sign(int bits, const uint8_t *message, size_t message_length, uint8_t *modulus,
                                size_t *modulus_length, uint8_t *exponent, size_t *exponent_length,
                                uint8_t *signature, size_t *signature_length);

/* OpenSSL_version(OPENSSL_VERSION): the libcrypto in use. */
const char *OpenSSL_version_wrapper(void);

#endif
