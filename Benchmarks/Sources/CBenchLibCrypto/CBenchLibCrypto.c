#include "CBenchLibCrypto.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/x509.h>

struct bench_raw_verifier {
    EVP_PKEY *key;
    EVP_MD *digest;
    unsigned char *message;
    size_t message_length;
    unsigned char *signature;
    size_t signature_length;
    unsigned char prehash[EVP_MAX_MD_SIZE];
    unsigned int prehash_length;
};

bench_raw_verifier *bench_raw_verifier_new(const uint8_t *spki, size_t spki_length, const char *digest_name,
                                           const uint8_t *message, size_t message_length,
                                           const uint8_t *signature, size_t signature_length) {
    bench_raw_verifier *verifier = calloc(1, sizeof(*verifier));
    if (verifier == NULL) return NULL;
    const unsigned char *cursor = spki;
    verifier->key = d2i_PUBKEY(NULL, &cursor, (long)spki_length);
    verifier->message = malloc(message_length + 1);
    verifier->signature = malloc(signature_length + 1);
    if (verifier->key == NULL || verifier->message == NULL || verifier->signature == NULL) goto fail;
    memcpy(verifier->message, message, message_length);
    memcpy(verifier->signature, signature, signature_length);
    verifier->message_length = message_length;
    verifier->signature_length = signature_length;
    if (digest_name != NULL) {
        verifier->digest = EVP_MD_fetch(NULL, digest_name, NULL);
        if (verifier->digest == NULL) goto fail;
        if (EVP_Digest(message, message_length, verifier->prehash, &verifier->prehash_length, verifier->digest,
                       NULL) != 1) goto fail;
    }
    return verifier;
fail:
    bench_raw_verifier_free(verifier);
    return NULL;
}

bench_raw_verifier *bench_raw_verifier_new_certificate(const uint8_t *subject, size_t subject_length,
                                                       const uint8_t *issuer, size_t issuer_length) {
    bench_raw_verifier *verifier = NULL;
    const unsigned char *cursor = subject;
    X509 *subject_certificate = d2i_X509(NULL, &cursor, (long)subject_length);
    cursor = issuer;
    X509 *issuer_certificate = d2i_X509(NULL, &cursor, (long)issuer_length);
    unsigned char *tbs = NULL;
    unsigned char *spki = NULL;
    int digest_nid = NID_undef;
    if (subject_certificate == NULL || issuer_certificate == NULL) goto done;
    if (OBJ_find_sigid_algs(X509_get_signature_nid(subject_certificate), &digest_nid, NULL) != 1) goto done;
    const ASN1_BIT_STRING *signature = NULL;
    X509_get0_signature(&signature, NULL, subject_certificate);
    int tbs_length = i2d_re_X509_tbs(subject_certificate, &tbs);
    int spki_length = i2d_PUBKEY(X509_get0_pubkey(issuer_certificate), &spki);
    if (signature == NULL || tbs_length <= 0 || spki_length <= 0) goto done;
    verifier = bench_raw_verifier_new(spki, (size_t)spki_length, OBJ_nid2sn(digest_nid), tbs, (size_t)tbs_length,
                                      ASN1_STRING_get0_data(signature), (size_t)ASN1_STRING_length(signature));
done:
    OPENSSL_free(tbs);
    OPENSSL_free(spki);
    X509_free(subject_certificate);
    X509_free(issuer_certificate);
    return verifier;
}

void bench_raw_verifier_free(bench_raw_verifier *verifier) {
    if (verifier == NULL) return;
    EVP_PKEY_free(verifier->key);
    EVP_MD_free(verifier->digest);
    free(verifier->message);
    free(verifier->signature);
    free(verifier);
}

long bench_digest_verify_loop(const bench_raw_verifier *verifier, long iterations) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return 0;
    long verified = 0;
    for (long i = 0; i < iterations; i++) {
        if (EVP_DigestVerifyInit(context, NULL, verifier->digest, NULL, verifier->key) == 1 &&
            EVP_DigestVerify(context, verifier->signature, verifier->signature_length, verifier->message,
                             verifier->message_length) == 1) {
            verified++;
        }
    }
    EVP_MD_CTX_free(context);
    ERR_clear_error();
    return verified;
}

long bench_verify_only_loop(const bench_raw_verifier *verifier, long iterations) {
    long verified = 0;
    if (verifier->digest == NULL) {
        EVP_MD_CTX *context = EVP_MD_CTX_new();
        if (context == NULL) return 0;
        if (EVP_DigestVerifyInit(context, NULL, NULL, NULL, verifier->key) == 1) {
            for (long i = 0; i < iterations; i++) {
                if (EVP_DigestVerify(context, verifier->signature, verifier->signature_length, verifier->message,
                                     verifier->message_length) == 1) {
                    verified++;
                }
            }
        }
        EVP_MD_CTX_free(context);
    } else {
        EVP_PKEY_CTX *context = EVP_PKEY_CTX_new(verifier->key, NULL);
        if (context == NULL) return 0;
        if (EVP_PKEY_verify_init(context) == 1 && EVP_PKEY_CTX_set_signature_md(context, verifier->digest) == 1) {
            for (long i = 0; i < iterations; i++) {
                if (EVP_PKEY_verify(context, verifier->signature, verifier->signature_length, verifier->prehash,
                                    verifier->prehash_length) == 1) {
                    verified++;
                }
            }
        }
        EVP_PKEY_CTX_free(context);
    }
    ERR_clear_error();
    return verified;
}

const char *OpenSSL_version_wrapper(void) {
    return OpenSSL_version(OPENSSL_VERSION);
}

int bench_rsa_generate_and_sign(int bits, const uint8_t *message, size_t message_length, uint8_t *modulus,
                                size_t *modulus_length, uint8_t *exponent, size_t *exponent_length,
                                uint8_t *signature, size_t *signature_length) {
    int ok = 0;
    BIGNUM *n = NULL;
    BIGNUM *e = NULL;
    EVP_MD_CTX *context = NULL;
    EVP_PKEY *key = EVP_RSA_gen((unsigned int)bits);
    if (key == NULL) goto done;
    if (EVP_PKEY_get_bn_param(key, "n", &n) != 1 || EVP_PKEY_get_bn_param(key, "e", &e) != 1) goto done;
    if (BN_num_bytes(n) > 1024 || BN_num_bytes(e) > 1024) goto done;
    *modulus_length = (size_t)BN_bn2bin(n, modulus);
    *exponent_length = (size_t)BN_bn2bin(e, exponent);
    context = EVP_MD_CTX_new();
    size_t length = 1024;
    if (context == NULL || EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) != 1 ||
        EVP_DigestSign(context, signature, &length, message, message_length) != 1) goto done;
    *signature_length = length;
    ok = 1;
done:
    EVP_MD_CTX_free(context);
    BN_free(n);
    BN_free(e);
    EVP_PKEY_free(key);
    return ok;
}
