/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-line.h"

static void
test_parse_basic (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorLine) line = parlor_line_parse ("play card=3 city=2 block=4", &error);
  gint64 v;

  g_assert_no_error (error);
  g_assert_cmpstr (parlor_line_get_type (line), ==, "play");
  g_assert_cmpuint (parlor_line_get_n_keys (line), ==, 3);
  g_assert_cmpstr (parlor_line_get (line, "city"), ==, "2");
  g_assert_null (parlor_line_get (line, "seat"));
  g_assert_true (parlor_line_get_int (line, "block", 1, 4, &v, &error));
  g_assert_cmpint (v, ==, 4);
  g_assert_false (parlor_line_get_int (line, "card", 4, 8, &v, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_VALUE);
  g_clear_error (&error);
  g_assert_false (parlor_line_get_int (line, "seat", 0, 3, &v, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_MISSING);
}

static void
test_words (void)
{
  g_autoptr(ParlorLine) line = parlor_line_parse ("  discard 7z  from=2 ", NULL);

  g_assert_nonnull (line);
  g_assert_cmpstr (parlor_line_get_type (line), ==, "discard");
  g_assert_cmpuint (parlor_line_get_n_words (line), ==, 1);
  g_assert_cmpstr (parlor_line_get_word (line, 0), ==, "7z");
  g_assert_null (parlor_line_get_word (line, 1));
  g_assert_cmpstr (parlor_line_get (line, "from"), ==, "2");
}

static void
test_round_trip (void)
{
  static const char *values[] = {
    "plain", "with space", "100%", "a=b", "탁자 위의 이름", "名字", "tab\there", "",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_new ("hello");
      g_autoptr(ParlorLine) back = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      parlor_line_set (line, "name", values[i]);
      parlor_line_add_word (line, values[i][0] ? values[i] : "x");
      text = parlor_line_to_string (line);
      g_assert_null (strchr (text, '\t'));
      back = parlor_line_parse (text, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (parlor_line_get (back, "name"), ==, values[i]);
      g_assert_cmpstr (parlor_line_get_word (back, 0), ==, values[i][0] ? values[i] : "x");
    }
}

/* Space, %, = and control characters (C0, DEL, C1) become %XX of their
 * bytes; everything else stays as it is. */
static void
test_escape (void)
{
  static const struct { const char *text; const char *escaped; } cases[] = {
    { "plain", "plain" },
    { "a b", "a%20b" },
    { "100%", "100%25" },
    { "x=y", "x%3Dy" },
    { "line\nbreak\ttab", "line%0Abreak%09tab" },
    { "del\x7f", "del%7F" },
    { "c1\xc2\x85", "c1%C2%85" },
    { "탁자 名字", "탁자%20名字" },
    { "cut\xf0", "cut%F0" },
    { "", "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *escaped = parlor_line_escape (cases[i].text);
      g_autofree char *back = NULL;

      g_assert_cmpstr (escaped, ==, cases[i].escaped);
      back = parlor_line_unescape (escaped, NULL);
      if (g_utf8_validate (cases[i].text, -1, NULL))
        g_assert_cmpstr (back, ==, cases[i].text);
      else
        g_assert_null (back);
    }
}

static void
test_rejects (void)
{
  static const struct { const char *text; int code; } cases[] = {
    { "", PARLOR_LINE_ERROR_EMPTY },
    { "   ", PARLOR_LINE_ERROR_EMPTY },
    { "a=b c", PARLOR_LINE_ERROR_SYNTAX },
    { "play =3", PARLOR_LINE_ERROR_SYNTAX },
    { "play a=1=2", PARLOR_LINE_ERROR_SYNTAX },
    { "play a=1 a=2", PARLOR_LINE_ERROR_SYNTAX },
    { "play a=%zz", PARLOR_LINE_ERROR_SYNTAX },
    { "play a=%4", PARLOR_LINE_ERROR_SYNTAX },
    { "play a=%00", PARLOR_LINE_ERROR_ENCODING },
    { "play a=%FF", PARLOR_LINE_ERROR_ENCODING },
    { "play \xff", PARLOR_LINE_ERROR_ENCODING },
    { "play \x01", PARLOR_LINE_ERROR_SYNTAX },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorLine) line = parlor_line_parse (cases[i].text, &error);

      g_assert_null (line);
      g_assert_error (error, PARLOR_LINE_ERROR, cases[i].code);
    }
}

static void
test_too_long (void)
{
  g_autofree char *text = g_strnfill (PARLOR_LINE_MAX_LENGTH + 1, 'a');
  g_autoptr(GError) error = NULL;

  g_assert_null (parlor_line_parse (text, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
}

static void
test_sanitize (void)
{
  g_autofree char *a = parlor_text_sanitize ("  Ann\x1b[31m\n ", 24);
  g_autofree char *b = parlor_text_sanitize ("abcdefghij", 4);
  g_autofree char *c = parlor_text_sanitize ("bad\xff" "byte", 24);
  g_autofree char *d = parlor_text_sanitize ("김\u200b철수", 24);

  g_assert_cmpstr (a, ==, "Ann[31m");
  g_assert_cmpstr (b, ==, "abcd");
  g_assert_true (g_utf8_validate (c, -1, NULL));
  g_assert_cmpstr (d, ==, "김철수");
}

static char *
shout (const char *item)
{
  return g_ascii_strup (item, -1);
}

static void
test_words_list (void)
{
  g_autofree char *three = parlor_words_list ("e,5p,f2", shout);
  g_autofree char *one = parlor_words_list ("c", shout);
  g_autofree char *none = parlor_words_list (NULL, shout);

  g_assert_cmpstr (three, ==, "E, 5P, F2");
  g_assert_cmpstr (one, ==, "C");
  g_assert_cmpstr (none, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/line/parse-basic", test_parse_basic);
  g_test_add_func ("/core/line/words", test_words);
  g_test_add_func ("/core/line/round-trip", test_round_trip);
  g_test_add_func ("/core/line/escape", test_escape);
  g_test_add_func ("/core/line/rejects", test_rejects);
  g_test_add_func ("/core/line/too-long", test_too_long);
  g_test_add_func ("/core/line/sanitize", test_sanitize);
  g_test_add_func ("/core/line/words-list", test_words_list);

  return g_test_run ();
}
