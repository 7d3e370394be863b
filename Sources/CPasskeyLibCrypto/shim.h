#ifndef C_PASSKEY_LIBCRYPTO_SHIM_H
#define C_PASSKEY_LIBCRYPTO_SHIM_H

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

#endif
