/* SPDX-License-Identifier: Apache-2.0 */
// cryptopp_block.cpp — the C call of cryptopp_block.h.
//
// Byte order: Crypto++ (since 6.1/7.0) reads Simon and Speck keys and blocks
// as the designers' implementation guide does, words little-endian with the
// lowest word first: a block is the bytes of y then x, a key those of k_0
// first. That is block.h's convention, so the bytes map one to one and no
// reordering is needed here (the ePrint vectors, read backwards, are its
// test vectors too).
#include "support/cryptopp_block.h"

#include <cryptopp/cryptlib.h>
#include <cryptopp/modes.h>
#include <cryptopp/simon.h>
#include <cryptopp/speck.h>

#include <cstring>
#include <memory>

namespace
{

// "one": ECB one block per ProcessBlock call, the path Crypto++'s CFB and OFB take.
template <class Cipher>
int one_by_one(const uint8_t *key, size_t key_bytes, const uint8_t *in, uint8_t *out, size_t n)
{
    typename Cipher::Encryption c(key, key_bytes);
    for (size_t i = 0; i + Cipher::BLOCKSIZE <= n; i += Cipher::BLOCKSIZE)
        c.ProcessBlock(in + i, out + i);
    return 0;
}

template <class Cipher>
std::unique_ptr<CryptoPP::SymmetricCipher> make(const char *mode, int decrypt, const uint8_t *key,
                                                size_t key_bytes, const uint8_t *iv)
{
    using namespace CryptoPP;
    std::unique_ptr<SymmetricCipher> c;
    if (std::strcmp(mode, "ecb") == 0) {
        if (decrypt)
            c = std::make_unique<typename ECB_Mode<Cipher>::Decryption>(key, key_bytes);
        else
            c = std::make_unique<typename ECB_Mode<Cipher>::Encryption>(key, key_bytes);
    } else if (std::strcmp(mode, "cbc") == 0) {
        if (decrypt)
            c = std::make_unique<typename CBC_Mode<Cipher>::Decryption>(key, key_bytes, iv);
        else
            c = std::make_unique<typename CBC_Mode<Cipher>::Encryption>(key, key_bytes, iv);
    } else if (std::strcmp(mode, "cfb") == 0) { // feedback: the whole block (default)
        if (decrypt)
            c = std::make_unique<typename CFB_Mode<Cipher>::Decryption>(key, key_bytes, iv);
        else
            c = std::make_unique<typename CFB_Mode<Cipher>::Encryption>(key, key_bytes, iv);
    } else if (std::strcmp(mode, "ofb") == 0) {
        c = std::make_unique<typename OFB_Mode<Cipher>::Encryption>(key, key_bytes, iv);
    } else if (std::strcmp(mode, "ctr") == 0) { // big-endian counter over the whole block
        c = std::make_unique<typename CTR_Mode<Cipher>::Encryption>(key, key_bytes, iv);
    }
    return c;
}

} // namespace

extern "C" int cryptopp_block_crypt(const char *name, const char *mode, int decrypt,
                                    const uint8_t *key, size_t key_bytes, const uint8_t *iv,
                                    const uint8_t *in, uint8_t *out, size_t n)
{
    try {
        if (std::strcmp(mode, "one") == 0) {
            if (decrypt)
                return -1;
            if (std::strncmp(name, "simon-64/", 9) == 0)
                return one_by_one<CryptoPP::SIMON64>(key, key_bytes, in, out, n);
            if (std::strncmp(name, "simon-128/", 10) == 0)
                return one_by_one<CryptoPP::SIMON128>(key, key_bytes, in, out, n);
            if (std::strncmp(name, "speck-64/", 9) == 0)
                return one_by_one<CryptoPP::SPECK64>(key, key_bytes, in, out, n);
            if (std::strncmp(name, "speck-128/", 10) == 0)
                return one_by_one<CryptoPP::SPECK128>(key, key_bytes, in, out, n);
            return -1;
        }
        std::unique_ptr<CryptoPP::SymmetricCipher> c;
        if (std::strncmp(name, "simon-64/", 9) == 0)
            c = make<CryptoPP::SIMON64>(mode, decrypt, key, key_bytes, iv);
        else if (std::strncmp(name, "simon-128/", 10) == 0)
            c = make<CryptoPP::SIMON128>(mode, decrypt, key, key_bytes, iv);
        else if (std::strncmp(name, "speck-64/", 9) == 0)
            c = make<CryptoPP::SPECK64>(mode, decrypt, key, key_bytes, iv);
        else if (std::strncmp(name, "speck-128/", 10) == 0)
            c = make<CryptoPP::SPECK128>(mode, decrypt, key, key_bytes, iv);
        if (!c)
            return -1;
        c->ProcessData(out, in, n);
        return 0;
    } catch (const CryptoPP::Exception &) {
        return -1;
    }
}
