/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-line"

#include "config.h"

#include <string.h>

#include "parlor-line.h"
#include "parlor-protocol.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* The line parser: never crashes; what it accepts prints, no longer than
 * the text it was read from, and reads back the same. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *clean = NULL;
  g_autofree char *unescaped = NULL;

  line = parlor_line_parse (text, NULL);
  if (line != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *printed = parlor_line_to_string (line, &error);
      g_autoptr(ParlorLine) again = NULL;
      g_autofree char *reprinted = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (strlen (printed), <=, strlen (text));
      again = parlor_line_parse (printed, &error);
      g_assert_no_error (error);
      g_assert_nonnull (again);
      reprinted = parlor_line_to_string (again, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (printed, ==, reprinted);
      g_assert_cmpstr (parlor_line_get_type (line), ==, parlor_line_get_type (again));
      g_assert_cmpuint (parlor_line_get_n_words (line), ==, parlor_line_get_n_words (again));
      for (guint i = 0; i < parlor_line_get_n_words (line); i++)
        g_assert_cmpstr (parlor_line_get_word (line, i), ==, parlor_line_get_word (again, i));
      g_assert_cmpuint (parlor_line_get_n_keys (line), ==, parlor_line_get_n_keys (again));
      for (guint i = 0; i < parlor_line_get_n_keys (line); i++)
        g_assert_cmpstr (parlor_line_get (line, parlor_line_get_key (line, i)), ==,
                         parlor_line_get (again, parlor_line_get_key (line, i)));
    }

  unescaped = parlor_line_unescape (text, NULL);
  clean = parlor_text_sanitize (text, 24);
  g_assert_cmpuint (g_utf8_strlen (clean, -1), <=, 24);
  g_assert_true (g_utf8_validate (clean, -1, NULL));
  parlor_protocol_payload (text, "action");

  return 0;
}
