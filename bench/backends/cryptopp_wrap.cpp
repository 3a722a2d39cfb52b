/* SPDX-License-Identifier: Apache-2.0 */
// cryptopp_wrap.cpp — the thin C interface of cryptopp_wrap.h.
#include "backends/cryptopp_wrap.h"

#include <cryptopp/algparam.h>
#include <cryptopp/argnames.h>
#include <cryptopp/config_ver.h>
#include <cryptopp/hc128.h>
#include <cryptopp/rabbit.h>
#include <cryptopp/salsa.h>
#include <cryptopp/sosemanuk.h>

#include <cstdio>
#include <cstring>
#include <memory>

namespace
{

struct Cipher {
    std::unique_ptr<CryptoPP::SymmetricCipher> impl;
    int rounds = 0;      // Salsa20's rounds; 0: the cipher's own
    bool bounce = false; // in-place through a copy (see zb_cryptopp_crypt)
};

std::unique_ptr<CryptoPP::SymmetricCipher> make(const char *algorithm, int &rounds, bool &bounce)
{
    if (std::strcmp(algorithm, "hc-128") == 0)
        return std::make_unique<CryptoPP::HC128::Encryption>();
    if (std::strcmp(algorithm, "rabbit") == 0) {
        bounce = true;
        return std::make_unique<CryptoPP::RabbitWithIV::Encryption>();
    }
    if (std::strcmp(algorithm, "sosemanuk") == 0)
        return std::make_unique<CryptoPP::Sosemanuk::Encryption>();
    if (std::strcmp(algorithm, "salsa20-12") == 0) {
        rounds = 12;
        return std::make_unique<CryptoPP::Salsa20::Encryption>();
    }
    return nullptr;
}

} // namespace

extern "C" void *zb_cryptopp_new(const char *algorithm)
{
    auto c = std::make_unique<Cipher>();
    c->impl = make(algorithm, c->rounds, c->bounce);
    return c->impl ? c.release() : nullptr;
}

extern "C" void zb_cryptopp_free(void *cipher)
{
    delete static_cast<Cipher *>(cipher);
}

extern "C" int zb_cryptopp_setkey(void *cipher, const uint8_t *key, size_t key_bytes,
                                  const uint8_t *iv, size_t iv_bytes)
{
    auto *c = static_cast<Cipher *>(cipher);
    try {
        if (c->rounds)
            c->impl->SetKey(
                key, key_bytes,
                CryptoPP::MakeParameters(CryptoPP::Name::Rounds(), c->rounds)(
                    CryptoPP::Name::IV(), CryptoPP::ConstByteArrayParameter(iv, iv_bytes)));
        else
            c->impl->SetKeyWithIV(key, key_bytes, iv, iv_bytes);
        return 0;
    } catch (const CryptoPP::Exception &) {
        return -1;
    }
}

// Crypto++ 8.7's Rabbit gives zeros when in == out (checked: ProcessData(p, p, n)
// and ProcessString(p, n)); it encrypts in place through a 4 KiB copy instead.
extern "C" void zb_cryptopp_crypt(void *cipher, const uint8_t *in, uint8_t *out, size_t n)
{
    auto *c = static_cast<Cipher *>(cipher);
    if (!c->bounce || in != out) {
        c->impl->ProcessData(out, in, n);
        return;
    }
    uint8_t copy[4096];
    for (size_t done = 0; done < n; done += sizeof copy) {
        size_t k = n - done < sizeof copy ? n - done : sizeof copy;
        std::memcpy(copy, in + done, k);
        c->impl->ProcessData(out + done, copy, k);
    }
}

extern "C" const char *zb_cryptopp_version(void)
{
    static char v[16];
    int lib = CryptoPP::LibraryVersion();
    std::snprintf(v, sizeof v, "%d.%d.%d", lib / 100, lib / 10 % 10, lib % 10);
    return v;
}
