/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * One text line: `TYPE word … key=value …`. Words and values are printed with
 * %XX escapes for space, '%', '=', and control characters, so any UTF-8 text
 * (a player's name) survives a round trip. The same form carries actions,
 * events, views, protocol messages and replay records.
 *
 * The rule both sides keep:
 * - A line is valid UTF-8 of at most PARLOR_LINE_MAX_LENGTH bytes. Tokens are
 *   separated by runs of spaces (U+0020) and by nothing else.
 * - A line holds no control character raw: U+0000–U+001F (tab, carriage
 *   return and newline included; a newline ends a line, it is never inside
 *   one), DEL (U+007F) and U+0080–U+009F are refused by parlor_line_parse()
 *   with PARLOR_LINE_ERROR_SYNTAX. Inside words and values they travel as %XX.
 * - parlor_line_to_string() prints only lines that parlor_line_parse() reads
 *   back equal. A line that would print over the limit (or with an empty
 *   word, or a type or key that is not one token) is an error there
 *   (PARLOR_LINE_ERROR_TOO_LONG, _VALUE or _SYNTAX) and gives NULL: the
 *   caller, which knows where the line was going, decides what to do instead
 *   of writing a record nobody can read.
 * - Whatever parlor_line_parse() accepts prints, never longer than the text it
 *   was read from, so it prints without error and reads back equal.
 */

#define PARLOR_LINE_ERROR (parlor_line_error_quark ())

typedef enum
{
  PARLOR_LINE_ERROR_EMPTY,
  PARLOR_LINE_ERROR_TOO_LONG,
  PARLOR_LINE_ERROR_ENCODING,
  PARLOR_LINE_ERROR_SYNTAX,
  PARLOR_LINE_ERROR_MISSING,
  PARLOR_LINE_ERROR_VALUE,
} ParlorLineError;

#define PARLOR_LINE_MAX_LENGTH 4096

typedef struct _ParlorLine ParlorLine;

GQuark       parlor_line_error_quark (void);

ParlorLine  *parlor_line_new         (const char  *type);
ParlorLine  *parlor_line_parse       (const char  *text,
                                      GError     **error);
void         parlor_line_free        (ParlorLine  *line);

const char  *parlor_line_get_type    (const ParlorLine *line);
guint        parlor_line_get_n_words (const ParlorLine *line);
const char  *parlor_line_get_word    (const ParlorLine *line,
                                      guint             index);
guint        parlor_line_get_n_keys  (const ParlorLine *line);
const char  *parlor_line_get_key     (const ParlorLine *line,
                                      guint             index);
const char  *parlor_line_get         (const ParlorLine *line,
                                      const char       *key);
gboolean     parlor_line_has         (const ParlorLine *line,
                                      const char       *key);
gboolean     parlor_line_get_int     (const ParlorLine *line,
                                      const char       *key,
                                      gint64            min,
                                      gint64            max,
                                      gint64           *out,
                                      GError          **error);
const char  *parlor_line_require     (const ParlorLine *line,
                                      const char       *key,
                                      GError          **error);

void         parlor_line_add_word    (ParlorLine  *line,
                                      const char  *word);
void         parlor_line_set         (ParlorLine  *line,
                                      const char  *key,
                                      const char  *value);
void         parlor_line_set_int     (ParlorLine  *line,
                                      const char  *key,
                                      gint64       value);
void         parlor_line_set_printf  (ParlorLine  *line,
                                      const char  *key,
                                      const char  *format,
                                      ...) G_GNUC_PRINTF (3, 4);
char        *parlor_line_to_string   (const ParlorLine *line,
                                      GError          **error);

char        *parlor_line_escape      (const char  *text);
char        *parlor_line_unescape    (const char  *text,
                                      GError     **error);
char        *parlor_text_sanitize    (const char  *text,
                                      guint        max_chars);
/* Each item of a comma-separated @list in words, joined with the translated
 * list separator ("East wind, 5 of dots"). */
char        *parlor_words_list       (const char  *list,
                                      char       *(*word) (const char *item));

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorLine, parlor_line_free)

G_END_DECLS
