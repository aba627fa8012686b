/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-discovery"

#include "config.h"

#include <string.h>

#include "parlor-discovery-record.h"
#include "parlor-line.h"
#include "parlor-protocol.h"

#define SERVER_ID_MAX 32
#define GAME_ID_MAX 32
#define TABLE_ID_MAX 16
#define SEATS_MAX 64

ParlorTableRecord *
parlor_table_record_new (void)
{
  return g_new0 (ParlorTableRecord, 1);
}

ParlorTableRecord *
parlor_table_record_copy (const ParlorTableRecord *record)
{
  ParlorTableRecord *copy;

  g_return_val_if_fail (record != NULL, NULL);

  copy = g_memdup2 (record, sizeof *record);
  copy->game = g_strdup (record->game);
  copy->table = g_strdup (record->table);
  copy->name = g_strdup (record->name);
  copy->host = g_strdup (record->host);

  return copy;
}

void
parlor_table_record_free (ParlorTableRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->game);
  g_free (record->table);
  g_free (record->name);
  g_free (record->host);
  g_free (record);
}

gboolean
parlor_table_record_equal (const ParlorTableRecord *a,
                           const ParlorTableRecord *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return g_strcmp0 (a->game, b->game) == 0 &&
         g_strcmp0 (a->table, b->table) == 0 &&
         g_strcmp0 (a->name, b->name) == 0 &&
         g_strcmp0 (a->host, b->host) == 0 &&
         a->port == b->port && a->taken == b->taken && a->seats == b->seats &&
         !a->started == !b->started && a->protocol == b->protocol;
}

/* Ids are short runs of ASCII letters, digits, '-' and '_'. */
static gboolean
is_id (const char *text,
       gsize       max_len)
{
  gsize len;

  if (text == NULL)
    return FALSE;
  len = strlen (text);
  if (len == 0 || len > max_len)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;

  return TRUE;
}

/* Plain text (what parlor_text_sanitize() keeps) of at most @max_chars. */
static gboolean
is_clean_text (const char *text,
               guint       max_chars,
               gboolean    may_be_empty)
{
  g_autofree char *clean = NULL;

  if (text == NULL)
    return FALSE;
  if (!may_be_empty && *text == '\0')
    return FALSE;
  clean = parlor_text_sanitize (text, max_chars);

  return g_str_equal (clean, text);
}

static gboolean
record_is_valid (const ParlorTableRecord *record)
{
  return is_id (record->game, GAME_ID_MAX) &&
         is_id (record->table, TABLE_ID_MAX) &&
         is_clean_text (record->name, PARLOR_PROTOCOL_NAME_MAX, FALSE) &&
         is_clean_text (record->host, PARLOR_DISCOVERY_HOST_MAX, TRUE) &&
         record->port > 0 &&
         record->seats > 0 && record->seats <= SEATS_MAX &&
         record->taken <= record->seats &&
         record->protocol > 0 && record->protocol <= G_MAXUINT16;
}

/* Letters and symbols that draw nothing. */
static gboolean
is_blank_char (gunichar c)
{
  GUnicodeType type;

  switch (c)
    {
    case 0x115F: case 0x1160: case 0x3164: case 0xFFA0:  /* Hangul fillers */
    case 0x2800:                                          /* braille blank */
      return TRUE;
    default:
      break;
    }
  type = g_unichar_type (c);

  return type == G_UNICODE_SPACE_SEPARATOR || type == G_UNICODE_NON_SPACING_MARK ||
         type == G_UNICODE_SPACING_MARK || type == G_UNICODE_ENCLOSING_MARK ||
         !g_unichar_isgraph (c);
}

char *
parlor_table_record_dup_visible_name (const ParlorTableRecord *record)
{
  GString *points;
  guint n = 0;

  g_return_val_if_fail (record != NULL && record->name != NULL, NULL);

  for (const char *p = record->name; *p != '\0'; p = g_utf8_next_char (p))
    if (!is_blank_char (g_utf8_get_char (p)))
      return g_strdup (record->name);

  points = g_string_new (NULL);
  for (const char *p = record->name; *p != '\0' && n < 8; p = g_utf8_next_char (p), n++)
    g_string_append_printf (points, "%sU+%04X", n > 0 ? " " : "", g_utf8_get_char (p));
  if (g_utf8_strlen (record->name, -1) > n)
    g_string_append (points, " …");

  return g_string_free (points, FALSE);
}

char *
parlor_table_record_to_line (const ParlorTableRecord *record)
{
  g_autoptr(ParlorLine) line = NULL;
  char *text;

  g_return_val_if_fail (record != NULL, NULL);

  if (!record_is_valid (record))
    return NULL;

  /* Only these fields, whatever the caller's table holds. */
  line = parlor_line_new ("table");
  parlor_line_set_int (line, "v", PARLOR_DISCOVERY_VERSION);
  parlor_line_set (line, "game", record->game);
  parlor_line_set (line, "id", record->table);
  parlor_line_set (line, "name", record->name);
  parlor_line_set (line, "host", record->host);
  parlor_line_set_int (line, "port", record->port);
  parlor_line_set_int (line, "taken", record->taken);
  parlor_line_set_int (line, "seats", record->seats);
  parlor_line_set_int (line, "started", record->started ? 1 : 0);
  parlor_line_set_int (line, "proto", record->protocol);
  text = parlor_line_to_string (line, NULL);
  if (text != NULL && strlen (text) > PARLOR_DISCOVERY_MAX_RECORD)
    g_clear_pointer (&text, g_free);

  return text;
}

static gboolean
get_uint (const ParlorLine *line,
          const char       *key,
          gint64            min,
          gint64            max,
          guint            *out)
{
  gint64 value;

  if (!parlor_line_get_int (line, key, min, max, &value, NULL))
    return FALSE;
  *out = (guint) value;

  return TRUE;
}

ParlorTableRecord *
parlor_table_record_parse (const char *text)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(ParlorTableRecord) record = NULL;
  guint version, port, started;

  g_return_val_if_fail (text != NULL, NULL);

  if (strlen (text) > PARLOR_DISCOVERY_MAX_RECORD)
    return NULL;
  line = parlor_line_parse (text, NULL);
  if (line == NULL || !g_str_equal (parlor_line_get_type (line), "table") ||
      parlor_line_get_n_words (line) != 0)
    return NULL;
  /* Another version's records may mean other things. */
  if (!get_uint (line, "v", PARLOR_DISCOVERY_VERSION, PARLOR_DISCOVERY_VERSION, &version))
    return NULL;

  record = parlor_table_record_new ();
  record->game = g_strdup (parlor_line_get (line, "game"));
  record->table = g_strdup (parlor_line_get (line, "id"));
  record->name = g_strdup (parlor_line_get (line, "name"));
  record->host = g_strdup (parlor_line_has (line, "host") ? parlor_line_get (line, "host") : "");
  if (!get_uint (line, "port", 1, G_MAXUINT16, &port) ||
      !get_uint (line, "seats", 1, SEATS_MAX, &record->seats) ||
      !get_uint (line, "taken", 0, SEATS_MAX, &record->taken) ||
      !get_uint (line, "started", 0, 1, &started) ||
      !get_uint (line, "proto", 1, G_MAXUINT16, &record->protocol))
    return NULL;
  record->port = (guint16) port;
  record->started = started != 0;
  if (!record_is_valid (record))
    return NULL;

  return g_steal_pointer (&record);
}

GBytes *
parlor_discovery_probe_new (void)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("probe");
  g_autofree char *head = NULL;
  GString *text;

  parlor_line_set_int (line, "v", PARLOR_DISCOVERY_VERSION);
  head = parlor_line_to_string (line, NULL);
  g_assert (head != NULL);
  text = g_string_new (head);
  g_string_append (text, " pad=");
  while (text->len < PARLOR_DISCOVERY_PROBE_SIZE - 1)
    g_string_append_c (text, '0');
  g_string_append_c (text, '\n');
  g_assert (text->len == PARLOR_DISCOVERY_PROBE_SIZE);

  return g_string_free_to_bytes (text);
}

static const char *
kind_word (ParlorDiscoveryKind kind)
{
  switch (kind)
    {
    case PARLOR_DISCOVERY_ANSWER:
      return "answer";
    case PARLOR_DISCOVERY_ANNOUNCE:
      return "announce";
    case PARLOR_DISCOVERY_BYE:
      return "bye";
    case PARLOR_DISCOVERY_PROBE:
    case PARLOR_DISCOVERY_INVALID:
    default:
      return NULL;
    }
}

GBytes *
parlor_discovery_encode (ParlorDiscoveryKind  kind,
                         const char          *server,
                         guint16              port,
                         GPtrArray           *records,
                         guint               *first,
                         gsize                max_size)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *head = NULL;
  GString *text;
  guint i = first != NULL ? *first : 0;

  g_return_val_if_fail (kind_word (kind) != NULL, NULL);
  g_return_val_if_fail (is_id (server, SERVER_ID_MAX), NULL);

  line = parlor_line_new ("tables");
  parlor_line_set_int (line, "v", PARLOR_DISCOVERY_VERSION);
  parlor_line_set (line, "kind", kind_word (kind));
  parlor_line_set (line, "server", server);
  parlor_line_set_int (line, "port", port);
  head = parlor_line_to_string (line, NULL);
  max_size = MIN (max_size, PARLOR_DISCOVERY_MAX_DATAGRAM);
  if (head == NULL || strlen (head) + 1 > max_size)
    return NULL;

  text = g_string_new (head);
  g_string_append_c (text, '\n');
  for (guint n = 0; kind != PARLOR_DISCOVERY_BYE && records != NULL && i < records->len &&
                    n < PARLOR_DISCOVERY_MAX_RECORDS; i++)
    {
      g_autofree char *record = parlor_table_record_to_line (g_ptr_array_index (records, i));

      if (record == NULL)
        continue;
      if (text->len + strlen (record) + 1 > max_size)
        break;
      g_string_append (text, record);
      g_string_append_c (text, '\n');
      n++;
    }
  if (first != NULL)
    *first = i;

  return g_string_free_to_bytes (text);
}

void
parlor_discovery_header_clear (ParlorDiscoveryHeader *header)
{
  g_return_if_fail (header != NULL);
  g_clear_pointer (&header->server, g_free);
  header->kind = PARLOR_DISCOVERY_INVALID;
  header->port = 0;
}

static ParlorDiscoveryKind
parse_header (const char            *text,
              ParlorDiscoveryHeader *header)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  const char *kind_text;
  const char *server;
  ParlorDiscoveryKind kind;
  guint version, port;

  if (line == NULL || !g_str_equal (parlor_line_get_type (line), "tables") ||
      !get_uint (line, "v", PARLOR_DISCOVERY_VERSION, PARLOR_DISCOVERY_VERSION, &version) ||
      !get_uint (line, "port", 1, G_MAXUINT16, &port))
    return PARLOR_DISCOVERY_INVALID;
  kind_text = parlor_line_get (line, "kind");
  server = parlor_line_get (line, "server");
  if (!is_id (server, SERVER_ID_MAX))
    return PARLOR_DISCOVERY_INVALID;
  if (g_strcmp0 (kind_text, "answer") == 0)
    kind = PARLOR_DISCOVERY_ANSWER;
  else if (g_strcmp0 (kind_text, "announce") == 0)
    kind = PARLOR_DISCOVERY_ANNOUNCE;
  else if (g_strcmp0 (kind_text, "bye") == 0)
    kind = PARLOR_DISCOVERY_BYE;
  else
    return PARLOR_DISCOVERY_INVALID;

  header->kind = kind;
  header->server = g_strdup (server);
  header->port = (guint16) port;

  return kind;
}

ParlorDiscoveryKind
parlor_discovery_parse (const guint8           *data,
                        gsize                   size,
                        ParlorDiscoveryHeader  *header,
                        GPtrArray             **records)
{
  ParlorDiscoveryHeader scratch = { 0 };
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  ParlorDiscoveryKind kind;

  g_return_val_if_fail (data != NULL || size == 0, PARLOR_DISCOVERY_INVALID);

  if (header == NULL)
    header = &scratch;
  else
    memset (header, 0, sizeof *header);
  if (records != NULL)
    *records = NULL;

  if (size == 0 || size > PARLOR_DISCOVERY_MAX_DATAGRAM || memchr (data, '\0', size) != NULL ||
      data[size - 1] != '\n')
    return PARLOR_DISCOVERY_INVALID;
  text = g_strndup ((const char *) data, size);

  /* A probe has one form and one size. */
  if (g_str_has_prefix (text, "probe "))
    {
      g_autoptr(ParlorLine) line = NULL;
      guint version;

      text[size - 1] = '\0';
      if (size != PARLOR_DISCOVERY_PROBE_SIZE || strchr (text, '\n') != NULL)
        return PARLOR_DISCOVERY_INVALID;
      line = parlor_line_parse (text, NULL);
      if (line == NULL ||
          !get_uint (line, "v", PARLOR_DISCOVERY_VERSION, PARLOR_DISCOVERY_VERSION, &version))
        return PARLOR_DISCOVERY_INVALID;
      header->kind = PARLOR_DISCOVERY_PROBE;
      return PARLOR_DISCOVERY_PROBE;
    }

  lines = g_strsplit (text, "\n", PARLOR_DISCOVERY_MAX_RECORDS + 2);
  kind = parse_header (lines[0], header);
  if (kind == PARLOR_DISCOVERY_INVALID)
    return PARLOR_DISCOVERY_INVALID;

  if (records != NULL)
    {
      *records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
      /* The last piece is what follows the final newline (empty), or the
       * unsplit rest beyond the records read. */
      for (guint i = 1; kind != PARLOR_DISCOVERY_BYE && lines[i] != NULL && lines[i + 1] != NULL &&
                        i <= PARLOR_DISCOVERY_MAX_RECORDS; i++)
        {
          ParlorTableRecord *record = parlor_table_record_parse (lines[i]);

          if (record != NULL)
            g_ptr_array_add (*records, record);
        }
    }
  parlor_discovery_header_clear (&scratch);

  return kind;
}
