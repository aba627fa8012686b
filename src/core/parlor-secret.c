/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-secret"

#include "config.h"

#include <errno.h>
#include <sys/random.h>

#include "parlor-secret.h"

void
parlor_secret_random_bytes (guint8 *buffer,
                            gsize   length)
{
  gsize done = 0;

  g_return_if_fail (buffer != NULL || length == 0);

  while (done < length)
    {
      ssize_t got = getrandom (buffer + done, length - done, 0);

      if (got < 0)
        {
          if (errno == EINTR)
            continue;
          /* Without the kernel's generator there is no safe secret. */
          g_error ("getrandom() failed: %s", g_strerror (errno));
        }
      done += (gsize) got;
    }
}

char *
parlor_secret_token (void)
{
  static const char hex[] = "0123456789abcdef";
  guint8 bytes[PARLOR_SECRET_TOKEN_BYTES];
  char *token = g_malloc (2 * sizeof bytes + 1);

  parlor_secret_random_bytes (bytes, sizeof bytes);
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      token[2 * i] = hex[bytes[i] >> 4];
      token[2 * i + 1] = hex[bytes[i] & 0xf];
    }
  token[2 * sizeof bytes] = '\0';
  explicit_bzero (bytes, sizeof bytes);

  return token;
}

guint64
parlor_secret_seed (void)
{
  guint64 seed;

  do
    parlor_secret_random_bytes ((guint8 *) &seed, sizeof seed);
  while (seed == 0);

  return seed;
}
