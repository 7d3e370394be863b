#ifndef C_PASSKEY_LIBCRYPTO_SHIM_H
#define C_PASSKEY_LIBCRYPTO_SHIM_H

#include <stdint.h>
#include <time.h>

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

/* Macros Swift cannot import, as functions. */
static inline void CPasskeyLibCrypto_free(void *pointer) { OPENSSL_free(pointer); }

/* Key selections for EVP_PKEY_fromdata (composite macros). */
static inline int CPasskeyLibCrypto_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int CPasskeyLibCrypto_selection_key_pair(void) { return EVP_PKEY_KEYPAIR; }

/* STACK_OF(X509): the untrusted intermediates of a chain verification. The stack
   never owns its elements (freed with sk_X509_free, not pop_free). */
static inline STACK_OF(X509) *CPasskeyLibCrypto_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int CPasskeyLibCrypto_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) {
    return sk_X509_push(stack, certificate);
}
static inline void CPasskeyLibCrypto_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
static inline int CPasskeyLibCrypto_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *CPasskeyLibCrypto_sk_X509_value(const STACK_OF(X509) *stack, int index) {
    return sk_X509_value(stack, index);
}

/* EXTENDED_KEY_USAGE = STACK_OF(ASN1_OBJECT). */
static inline int CPasskeyLibCrypto_sk_ASN1_OBJECT_num(const EXTENDED_KEY_USAGE *stack) {
    return sk_ASN1_OBJECT_num(stack);
}
static inline const ASN1_OBJECT *CPasskeyLibCrypto_sk_ASN1_OBJECT_value(const EXTENDED_KEY_USAGE *stack, int index) {
    return sk_ASN1_OBJECT_value(stack, index);
}

/* GENERAL_NAMES = STACK_OF(GENERAL_NAME). */
static inline int CPasskeyLibCrypto_sk_GENERAL_NAME_num(const GENERAL_NAMES *stack) {
    return sk_GENERAL_NAME_num(stack);
}
/* The directoryName of the general name at `index`, or NULL when it is another kind of name. */
static inline X509_NAME *CPasskeyLibCrypto_general_name_directory_name(const GENERAL_NAMES *stack, int index) {
    const GENERAL_NAME *name = sk_GENERAL_NAME_value(stack, index);
    if (name == NULL || name->type != GEN_DIRNAME) {
        return NULL;
    }
    return name->d.directoryName;
}

/* Seconds since 1970-01-01T00:00:00Z of an ASN1_TIME (UTCTime or GeneralizedTime, any year up to 9999).
   Returns 1 on success, 0 when the time is malformed. */
static inline int CPasskeyLibCrypto_ASN1_TIME_to_unix(const ASN1_TIME *time, int64_t *seconds) {
    struct tm parts;
    if (time == NULL || seconds == NULL || ASN1_TIME_to_tm(time, &parts) != 1) {
        return 0;
    }
    /* Days from the civil date (proleptic Gregorian calendar), H. Hinnant's algorithm. */
    int64_t year = (int64_t)parts.tm_year + 1900;
    int64_t month = (int64_t)parts.tm_mon + 1;
    int64_t day = (int64_t)parts.tm_mday;
    year -= month <= 2 ? 1 : 0;
    int64_t era = (year >= 0 ? year : year - 399) / 400;
    int64_t yearOfEra = year - era * 400;
    int64_t dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int64_t dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    int64_t days = era * 146097 + dayOfEra - 719468;
    *seconds = days * 86400 + (int64_t)parts.tm_hour * 3600 + (int64_t)parts.tm_min * 60 + (int64_t)parts.tm_sec;
    return 1;
}

#endif
