/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-line"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"

struct _ParlorLine
{
  char      *type;
  GPtrArray *words;
  GPtrArray *keys;
  GPtrArray *values;
  /* A parsed line's strings point into this one copy of its text; only
   * strings outside it are the line's own to free. */
  char      *text;
  gsize      text_len;
};

G_DEFINE_QUARK (parlor-line-error-quark, parlor_line_error)

static gboolean
needs_escape (gunichar c)
{
  return c == ' ' || c == '%' || c == '=' || g_unichar_iscntrl (c);
}

ParlorLine *
parlor_line_new (const char *type)
{
  ParlorLine *line;

  g_return_val_if_fail (type != NULL && *type != '\0', NULL);

  line = g_new0 (ParlorLine, 1);
  line->type = g_strdup (type);
  line->words = g_ptr_array_new ();
  line->keys = g_ptr_array_sized_new (16);
  line->values = g_ptr_array_sized_new (16);

  return line;
}

static void
free_owned (ParlorLine *line,
            char       *str)
{
  if (line->text == NULL || str < line->text || str > line->text + line->text_len)
    g_free (str);
}

static void
free_all_owned (ParlorLine *line,
                GPtrArray  *array)
{
  for (guint i = 0; i < array->len; i++)
    free_owned (line, g_ptr_array_index (array, i));
  g_ptr_array_unref (array);
}

void
parlor_line_free (ParlorLine *line)
{
  if (line == NULL)
    return;

  free_owned (line, line->type);
  free_all_owned (line, line->words);
  free_all_owned (line, line->keys);
  free_all_owned (line, line->values);
  g_free (line->text);
  g_free (line);
}

/* Every event a table records is escaped, and its spaces and '=' signs all
 * are: the text is written straight into a buffer three times its size,
 * with ASCII decided byte by byte. */
char *
parlor_line_escape (const char *text)
{
  static const char hex[] = "0123456789ABCDEF";
  char *out, *o;

  g_return_val_if_fail (text != NULL, NULL);

  out = o = g_malloc (3 * strlen (text) + 1);
  for (const char *p = text; *p != '\0';)
    {
      guchar b = (guchar) *p;
      const char *next;

      if (b < 0x80)
        {
          if (b > 0x20 && b < 0x7f && b != '%' && b != '=')
            {
              *o++ = *p++;
              continue;
            }
          next = p + 1;
        }
      else
        {
          int len = g_utf8_skip[b];
          gboolean valid = TRUE;

          /* Stops at the terminating NUL of a cut sequence. */
          for (int i = 1; i < len && valid; i++)
            valid = ((guchar) p[i] & 0xc0) == 0x80;
          next = valid ? p + len : p + 1;
          if (valid && !needs_escape (g_utf8_get_char (p)))
            {
              while (p < next)
                *o++ = *p++;
              continue;
            }
        }

      for (; p < next; p++)
        {
          *o++ = '%';
          *o++ = hex[(guchar) *p >> 4];
          *o++ = hex[(guchar) *p & 0xf];
        }
    }
  *o = '\0';

  return out;
}

/* Decodes the %XX escapes of @word in place (the decoded text is never
 * longer) and checks the result is text. */
static gboolean
unescape_in_place (char    *word,
                   GError **error)
{
  char *out = strchr (word, '%');

  if (out == NULL)
    return TRUE;
  for (const char *p = out; *p != '\0'; p++)
    if (*p == '%' && (!g_ascii_isxdigit (p[1]) || !g_ascii_isxdigit (p[2])))
      {
        g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                     _("Bad escape sequence in “%s”"), word);
        return FALSE;
      }

  for (const char *p = out; *p != '\0'; p++)
    {
      if (*p == '%')
        {
          *out++ = (char) (g_ascii_xdigit_value (p[1]) * 16 + g_ascii_xdigit_value (p[2]));
          p += 2;
        }
      else
        *out++ = *p;
    }

  if (!g_utf8_validate (word, out - word, NULL) || memchr (word, '\0', out - word) != NULL)
    {
      g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_ENCODING,
                           _("Text is not valid UTF-8"));
      return FALSE;
    }
  *out = '\0';

  return TRUE;
}

char *
parlor_line_unescape (const char  *text,
                      GError     **error)
{
  g_autofree char *copy = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  /* Words in a parsed line were checked with the line; this text was not. */
  if (strchr (text, '%') == NULL && !g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_ENCODING,
                           _("Text is not valid UTF-8"));
      return NULL;
    }
  copy = g_strdup (text);
  if (!unescape_in_place (copy, error))
    return NULL;

  return g_steal_pointer (&copy);
}

static gboolean
is_blank (char c)
{
  return c == ' ';
}

/* C0 controls, DEL and C1 controls (U+0080–U+009F, bytes C2 80–C2 9F in
 * valid UTF-8): what the printer escapes may not stand raw in a line. */
static gboolean
has_control (const char *text)
{
  for (const guchar *q = (const guchar *) text; *q != '\0'; q++)
    if (*q < 0x20 || *q == 0x7f || (*q == 0xc2 && q[1] >= 0x80 && q[1] <= 0x9f))
      return TRUE;

  return FALSE;
}

/* Lines arrive for every move a client sees: the text is copied once and
 * cut into words and values where it lies. */
ParlorLine *
parlor_line_parse (const char  *text,
                   GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  gsize len;
  char *p;

  g_return_val_if_fail (text != NULL, NULL);

  len = strlen (text);
  if (len > PARLOR_LINE_MAX_LENGTH)
    {
      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG,
                   _("Line is too long (%zu bytes, at most %d)"), len, PARLOR_LINE_MAX_LENGTH);
      return NULL;
    }
  if (!g_utf8_validate (text, len, NULL))
    {
      g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_ENCODING,
                           _("Line is not valid UTF-8"));
      return NULL;
    }
  if (has_control (text))
    {
      g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                           _("Line contains control characters"));
      return NULL;
    }

  line = g_new0 (ParlorLine, 1);
  line->text = g_memdup2 (text, len + 1);
  line->text_len = len;
  line->words = g_ptr_array_new ();
  line->keys = g_ptr_array_sized_new (16);
  line->values = g_ptr_array_sized_new (16);

  for (p = line->text; *p != '\0';)
    {
      char *tok, *eq;

      while (is_blank (*p))
        p++;
      if (*p == '\0')
        break;
      tok = p;
      while (*p != '\0' && !is_blank (*p))
        p++;
      if (*p != '\0')
        *p++ = '\0';

      eq = strchr (tok, '=');
      if (line->type == NULL)
        {
          if (eq != NULL || strchr (tok, '%') != NULL)
            {
              g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                           _("“%s” is not a message type"), tok);
              return NULL;
            }
          line->type = tok;
        }
      else if (eq == NULL)
        {
          if (!unescape_in_place (tok, error))
            return NULL;
          g_ptr_array_add (line->words, tok);
        }
      else
        {
          if (eq == tok || memchr (tok, '%', eq - tok) != NULL || strchr (eq + 1, '=') != NULL)
            {
              g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                           _("“%s” is not a key=value pair"), tok);
              return NULL;
            }
          *eq = '\0';
          if (parlor_line_has (line, tok))
            {
              g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                           _("“%s” is given twice"), tok);
              return NULL;
            }
          if (!unescape_in_place (eq + 1, error))
            return NULL;
          g_ptr_array_add (line->keys, tok);
          g_ptr_array_add (line->values, eq + 1);
        }
    }

  if (line->type == NULL)
    {
      g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_EMPTY,
                           _("Line is empty"));
      return NULL;
    }

  return g_steal_pointer (&line);
}

const char *
parlor_line_get_type (const ParlorLine *line)
{
  g_return_val_if_fail (line != NULL, NULL);
  return line->type;
}

guint
parlor_line_get_n_words (const ParlorLine *line)
{
  g_return_val_if_fail (line != NULL, 0);
  return line->words->len;
}

const char *
parlor_line_get_word (const ParlorLine *line,
                      guint             index)
{
  g_return_val_if_fail (line != NULL, NULL);
  if (index >= line->words->len)
    return NULL;
  return g_ptr_array_index (line->words, index);
}

guint
parlor_line_get_n_keys (const ParlorLine *line)
{
  g_return_val_if_fail (line != NULL, 0);
  return line->keys->len;
}

const char *
parlor_line_get_key (const ParlorLine *line,
                     guint             index)
{
  g_return_val_if_fail (line != NULL, NULL);
  if (index >= line->keys->len)
    return NULL;
  return g_ptr_array_index (line->keys, index);
}

const char *
parlor_line_get (const ParlorLine *line,
                 const char       *key)
{
  g_return_val_if_fail (line != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < line->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (line->keys, i), key))
      return g_ptr_array_index (line->values, i);

  return NULL;
}

gboolean
parlor_line_has (const ParlorLine *line,
                 const char       *key)
{
  return parlor_line_get (line, key) != NULL;
}

const char *
parlor_line_require (const ParlorLine  *line,
                     const char        *key,
                     GError           **error)
{
  const char *value = parlor_line_get (line, key);

  if (value == NULL)
    g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_MISSING,
                 _("“%s” needs a value for “%s”"), line->type, key);

  return value;
}

gboolean
parlor_line_get_int (const ParlorLine  *line,
                     const char        *key,
                     gint64             min,
                     gint64             max,
                     gint64            *out,
                     GError           **error)
{
  const char *value;
  gint64 number;

  g_return_val_if_fail (out != NULL, FALSE);

  value = parlor_line_require (line, key, error);
  if (value == NULL)
    return FALSE;

  if (!g_ascii_string_to_signed (value, 10, min, max, &number, NULL))
    {
      /* Numbers as text: a 64-bit format macro cannot go through gettext. */
      g_autofree char *low = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *high = g_strdup_printf ("%" G_GINT64_FORMAT, max);

      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_VALUE,
                   _("“%s” must be a whole number from %s to %s, not “%s”"),
                   key, low, high, value);
      return FALSE;
    }

  *out = number;
  return TRUE;
}

void
parlor_line_add_word (ParlorLine *line,
                      const char *word)
{
  g_return_if_fail (line != NULL);
  g_return_if_fail (word != NULL);

  g_ptr_array_add (line->words, g_strdup (word));
}

void
parlor_line_set (ParlorLine *line,
                 const char *key,
                 const char *value)
{
  g_return_if_fail (line != NULL);
  g_return_if_fail (key != NULL && *key != '\0');
  g_return_if_fail (value != NULL);

  for (guint i = 0; i < line->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (line->keys, i), key))
      {
        free_owned (line, line->values->pdata[i]);
        line->values->pdata[i] = g_strdup (value);
        return;
      }

  g_ptr_array_add (line->keys, g_strdup (key));
  g_ptr_array_add (line->values, g_strdup (value));
}

void
parlor_line_set_int (ParlorLine *line,
                     const char *key,
                     gint64      value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  parlor_line_set (line, key, buf);
}

void
parlor_line_set_printf (ParlorLine *line,
                        const char *key,
                        const char *format,
                        ...)
{
  g_autofree char *value = NULL;
  va_list args;

  va_start (args, format);
  value = g_strdup_vprintf (format, args);
  va_end (args);

  parlor_line_set (line, key, value);
}

/* A type or key is printed as it is: it must read back as one. */
static gboolean
is_token (const char *text)
{
  return *text != '\0' && strpbrk (text, " %=") == NULL && !has_control (text) &&
         g_utf8_validate (text, -1, NULL);
}

char *
parlor_line_to_string (const ParlorLine  *line,
                       GError           **error)
{
  g_autoptr(GString) out = NULL;

  g_return_val_if_fail (line != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!is_token (line->type))
    {
      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                   _("“%s” is not a message type"), line->type);
      return NULL;
    }

  out = g_string_new (line->type);
  for (guint i = 0; i < line->words->len; i++)
    {
      const char *word = g_ptr_array_index (line->words, i);
      g_autofree char *escaped = NULL;

      /* An empty word would vanish between two spaces. */
      if (*word == '\0')
        {
          g_set_error_literal (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_VALUE,
                               _("A word of a line is empty"));
          return NULL;
        }
      escaped = parlor_line_escape (word);
      g_string_append_c (out, ' ');
      g_string_append (out, escaped);
    }
  for (guint i = 0; i < line->keys->len; i++)
    {
      const char *key = g_ptr_array_index (line->keys, i);
      g_autofree char *value = parlor_line_escape (g_ptr_array_index (line->values, i));

      if (!is_token (key))
        {
          g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_SYNTAX,
                       _("“%s” is not a key"), key);
          return NULL;
        }
      g_string_append_c (out, ' ');
      g_string_append (out, key);
      g_string_append_c (out, '=');
      g_string_append (out, value);
    }

  if (out->len > PARLOR_LINE_MAX_LENGTH)
    {
      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG,
                   _("Line is too long (%zu bytes, at most %d)"), out->len, PARLOR_LINE_MAX_LENGTH);
      return NULL;
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Names from other people: valid UTF-8, no control characters, trimmed, capped. */
char *
parlor_text_sanitize (const char *text,
                      guint       max_chars)
{
  GString *out;
  guint n = 0;
  g_autofree char *valid = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  out = g_string_new (NULL);
  for (const char *p = valid; *p != '\0' && n < max_chars; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029 ||
          g_unichar_type (c) == G_UNICODE_FORMAT)
        continue;
      g_string_append_unichar (out, c);
      n++;
    }

  return g_strstrip (g_string_free (out, FALSE));
}

char *
parlor_words_list (const char  *list,
                   char      *(*word) (const char *item))
{
  g_auto(GStrv) items = g_strsplit (list != NULL ? list : "", ",", -1);
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (word != NULL, g_string_free (out, FALSE));

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_autofree char *w = word (items[i]);

      if (i > 0)
        g_string_append (out, _(", "));
      g_string_append (out, w);
    }
  return g_string_free (out, FALSE);
}
