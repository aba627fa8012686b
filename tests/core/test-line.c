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
      text = parlor_line_to_string (line, &error);
      g_assert_no_error (error);
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

/* tests/fuzz/corpus/line/roundtrip-del-newlines, byte for byte: short words
 * between raw newlines and 888 raw DEL characters. It used to parse, and to
 * print (each DEL as %7F) into 4,097 bytes that did not parse again. */
static const char fuzz_roundtrip[] =
  "se\neJ\ne\nb\no\nJ\na\nb\no\nJ\nJ\nJ\ne\n\nJ\ne\nb\no\n1J\n\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naeb\no\n1J\n\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no"
  "\nJ\n\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\nob\no\n1J\n\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nbeb\n\no\nJJ\nbb\n\nob\no\n1J"
  "\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\n"
  "e\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb"
  "\no\nJ\naae\nbb\n\no\nJ+ao\nJ\ne\nb\no\n1J\n\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177@os\nb\n1J\ne\nb\naae\nbb\n\nob\no\n1J\n\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nbo\nJ\naae\nbb\n\no\nJ\177"
  "\177\177\177\177\177\177\177\1770\177\177\177\177\1772\177:\177\177\177\177\177\177\177"
  "\177\177\177\177\177\no\n1J\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177\177@osJ\ne\nb\n\no\nJ+ao\nJ\ne\nb\no\n1J\n\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\nob\no\n1J\n\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nbae\nbb\n\no\nJ\177\177\177"
  "\177\177\177\177\177\1770\177\177\177\177\1772\177:\177\177\177\177\177\177\177\177\177"
  "\177\177\177$\177\177\nebb\n\no\nJ\177\177\177\177\177\177\177\177$\177\177\ne\n\nJ\naae"
  "\nb\nse\ncqrd(@\n\nJ\na+' a\nb\no\nJ\nos\ne\nb\no\nJ\naa+ao\nJ\ne\nb\no\n1J\n\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@aae\nbbo\nJJ\n\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177b\n\no\nJ\nbb\n\nob\no\n1J\n\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no"
  "\nJ\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@b\n1J\nb\n\n1J"
  "\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\n"
  "o\nJ\naae\nbb\n\no\nJ\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177@o\n\177\177\177\177\177\177\177\177\177\177\177\no\nJ\naae\nbb\n\no"
  "\nJJ\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne"
  "\no\nJ\naae\nbb\n\no\nJe\nb\no\nJ\naae\nbb\n\no\nJJ\n\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\na\nJ\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\nae\nbb\no\nJ\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177"
  "\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\n1J\neo\nJJ\n\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177@os\nb\n1Jaae\nbb\n\no\nJ\n\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\nb\no\n1J\n\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\n"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\neo\nJ"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb"
  "\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbbo"
  "\n1J\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne"
  "\nb\no\nJ\naae\nbb\n\no\nJ\n\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177@os\nb\ne\nbb\n\no\nJJ\n\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n\n\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naa\nJ\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\n\177\177\177\177\177\177@os\n\nb"
  "\no\nJ\naae\nb\nJ\177\177\177\177\177\177\177\nbb\n\no\nJJ\n\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177"
  "\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177\177"
  "\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJo\nJ\naae\nbb\n\no\nJ"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae"
  "\nbb\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no"
  "\nJ\naae\nbb\n\no\nJ\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177"
  "@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\nJo\nJ\naae\nbb\n\no\nJ\177\177\177\177"
  "\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177"
  "\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no"
  "\nJ\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne\nb"
  "\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1"
  "J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177@os\nb\n1J\ne"
  "\nb\no\nJ\naae\nbb\n\no\nJ\n\no\nJ\177\177\177\177\177\177\177\177\177\177\177\177\177"
  "\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ\177\177\177\177\177\177\177\177\177\177"
  "\177\177\177\177@os\nb\n1J\ne\nb\no\nJ\naae\nbb\n\no\nJ";

/* tests/fuzz/corpus/line/raw-del: raw DEL in a value, printed escaped. */
static const char raw_del[] = "place card=1 cell=2 x=\177\177\177";

static void
test_fuzz_inputs_refused (void)
{
  const char *inputs[] = { fuzz_roundtrip, raw_del };
  gsize dels = 0;

  g_assert_cmpuint (strlen (fuzz_roundtrip), ==, 2374);
  for (const char *p = fuzz_roundtrip; *p != '\0'; p++)
    dels += *p == '\x7f';
  g_assert_cmpuint (dels, ==, 888);
  g_assert_cmpuint (strlen (raw_del), ==, 25);

  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorLine) line = parlor_line_parse (inputs[i], &error);

      g_assert_null (line);
      g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX);
    }
}

/* The DELs of raw-del travel escaped: that line parses and prints as itself. */
static void
test_del_escaped (void)
{
  g_autoptr(ParlorLine) built = parlor_line_new ("place");
  g_autoptr(ParlorLine) parsed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;
  g_autofree char *reprinted = NULL;

  parlor_line_set (built, "card", "1");
  parlor_line_set (built, "cell", "2");
  parlor_line_set (built, "x", "\177\177\177");
  printed = parlor_line_to_string (built, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (printed, ==, "place card=1 cell=2 x=%7F%7F%7F");

  parsed = parlor_line_parse (printed, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (parlor_line_get (parsed, "x"), ==, "\177\177\177");
  reprinted = parlor_line_to_string (parsed, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (reprinted, ==, printed);
}

/* No control character stands raw anywhere in a line: C0 (tab, CR and
 * newline included), DEL and C1. */
static void
test_controls_refused (void)
{
  static const char *controls[] = { "\t", "\r", "\n", "\x01", "\x1b", "\x7f", "\xc2\x80", "\xc2\x85", "\xc2\x9f" };
  static const struct { const char *before, *after; } forms[] = {
    { "play", "" }, { "play a", "b" }, { "play k=", "" }, { "play k", "=1" }, { "", "play" }, { "play ", "" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (controls); c++)
    for (gsize f = 0; f < G_N_ELEMENTS (forms); f++)
      {
        g_autofree char *text = g_strconcat (forms[f].before, controls[c], forms[f].after, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(ParlorLine) line = parlor_line_parse (text, &error);

        g_assert_null (line);
        g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX);
      }
}

static char *
at_limit (const char *prefix,
          const char *unit)
{
  GString *out = g_string_new (prefix);

  while (out->len + strlen (unit) <= PARLOR_LINE_MAX_LENGTH)
    g_string_append (out, unit);
  while (out->len < PARLOR_LINE_MAX_LENGTH)
    g_string_append_c (out, 'a');
  g_assert_cmpuint (out->len, ==, PARLOR_LINE_MAX_LENGTH);

  return g_string_free (out, FALSE);
}

/* Whatever parses prints, no longer than it was, and reads back equal;
 * the lines at the limit are the edge a printer could go over. */
static void
test_parse_print_parse (void)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  static const char *fixed[] = {
    "play card=3 city=2 block=4",
    "  discard 7z  from=2 ",
    "say text=100%25%20sure a%3Db%20c",
    "say text=%7f%7F%0a%09%c2%85",
    "say text=%41%42%43 %e2%80%a8",
    "hello version=2 name=탁자%20위의%20이름 seat=名字",
    "emoji 😀 face=🎲%20🀄",
    "empty k= l=",
    "raw text=\xe2\x80\xa8\xc2\xa0\xef\xbb\xbf",
    "t %25 %3D %20",
  };
  guint accepted = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_ptr_array_add (lines, g_strdup (fixed[i]));
  /* At exactly the limit: escapes that print the same, shorter, or as raw
   * UTF-8; and raw DEL or C1, which would print three times as long. */
  g_ptr_array_add (lines, at_limit ("say text=", "%7f"));
  g_ptr_array_add (lines, at_limit ("say text=", "%41"));
  g_ptr_array_add (lines, at_limit ("say text=", "탁"));
  g_ptr_array_add (lines, at_limit ("say ", "w "));
  g_ptr_array_add (lines, at_limit ("say text=", "\x7f"));
  g_ptr_array_add (lines, at_limit ("say text=", "\xc2\x85"));
  g_ptr_array_add (lines, at_limit ("say text=", "a\n"));
  g_ptr_array_add (lines, g_strdup (fuzz_roundtrip));
  g_ptr_array_add (lines, g_strdup (raw_del));

  for (guint i = 0; i < lines->len; i++)
    {
      const char *text = g_ptr_array_index (lines, i);
      g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
      g_autoptr(ParlorLine) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *printed = NULL;
      g_autofree char *reprinted = NULL;

      if (line == NULL)
        continue;
      accepted++;
      printed = parlor_line_to_string (line, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (strlen (printed), <=, strlen (text));
      again = parlor_line_parse (printed, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (parlor_line_get_type (again), ==, parlor_line_get_type (line));
      g_assert_cmpuint (parlor_line_get_n_words (again), ==, parlor_line_get_n_words (line));
      for (guint w = 0; w < parlor_line_get_n_words (line); w++)
        g_assert_cmpstr (parlor_line_get_word (again, w), ==, parlor_line_get_word (line, w));
      g_assert_cmpuint (parlor_line_get_n_keys (again), ==, parlor_line_get_n_keys (line));
      for (guint k = 0; k < parlor_line_get_n_keys (line); k++)
        {
          g_assert_cmpstr (parlor_line_get_key (again, k), ==, parlor_line_get_key (line, k));
          g_assert_cmpstr (parlor_line_get (again, parlor_line_get_key (line, k)), ==,
                           parlor_line_get (line, parlor_line_get_key (line, k)));
        }
      reprinted = parlor_line_to_string (again, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (reprinted, ==, printed);
    }
  /* The fixed lines and the four clean lines at the limit. */
  g_assert_cmpuint (accepted, ==, G_N_ELEMENTS (fixed) + 4);
}

/* A line built in code that would print over the limit, or that could not
 * be read back, is an error where it is printed. */
static void
test_print_refused (void)
{
  g_autofree char *fits = g_strnfill (PARLOR_LINE_MAX_LENGTH - strlen ("t k="), 'a');
  g_autofree char *over = g_strnfill (PARLOR_LINE_MAX_LENGTH - strlen ("t k=") + 1, 'a');
  g_autofree char *spaces = g_strnfill (PARLOR_LINE_MAX_LENGTH / 3, ' ');
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  {
    g_autoptr(ParlorLine) line = parlor_line_new ("t");
    g_autoptr(ParlorLine) back = NULL;

    parlor_line_set (line, "k", fits);
    text = parlor_line_to_string (line, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (strlen (text), ==, PARLOR_LINE_MAX_LENGTH);
    back = parlor_line_parse (text, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (parlor_line_get (back, "k"), ==, fits);
    g_clear_pointer (&text, g_free);
  }

  {
    g_autoptr(ParlorLine) line = parlor_line_new ("t");

    parlor_line_set (line, "k", over);
    g_assert_null (parlor_line_to_string (line, &error));
    g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
    g_clear_error (&error);
  }

  /* 1,365 spaces are 4,095 bytes once escaped. */
  {
    g_autoptr(ParlorLine) line = parlor_line_new ("say");

    parlor_line_add_word (line, spaces);
    g_assert_null (parlor_line_to_string (line, &error));
    g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
    g_clear_error (&error);
  }

  {
    g_autoptr(ParlorLine) line = parlor_line_new ("players");

    parlor_line_add_word (line, "Ann");
    parlor_line_add_word (line, "");
    g_assert_null (parlor_line_to_string (line, &error));
    g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_VALUE);
    g_clear_error (&error);
  }

  {
    static const char *bad[] = { "a b", "a=b", "a%b", "a\tb", "a\x7f" };

    for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(ParlorLine) keyed = parlor_line_new ("t");
        g_autoptr(ParlorLine) typed = parlor_line_new (bad[i]);

        parlor_line_set (keyed, bad[i], "1");
        g_assert_null (parlor_line_to_string (keyed, &error));
        g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX);
        g_clear_error (&error);
        g_assert_null (parlor_line_to_string (typed, &error));
        g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX);
        g_clear_error (&error);
      }
  }
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
  g_test_add_func ("/core/line/fuzz-inputs-refused", test_fuzz_inputs_refused);
  g_test_add_func ("/core/line/del-escaped", test_del_escaped);
  g_test_add_func ("/core/line/controls-refused", test_controls_refused);
  g_test_add_func ("/core/line/parse-print-parse", test_parse_print_parse);
  g_test_add_func ("/core/line/print-refused", test_print_refused);

  return g_test_run ();
}
