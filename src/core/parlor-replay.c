/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-replay"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parlor-error.h"
#include "parlor-line.h"
#include "parlor-replay.h"

G_DEFINE_QUARK (parlor-replay-error-quark, parlor_replay_error)

static gboolean
too_big (GError **error)
{
  g_autofree char *limit = g_format_size_full (PARLOR_REPLAY_MAX_SIZE, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_TOO_BIG,
               _("the file is too big for a replay: a replay is at most %s"), limit);
  return FALSE;
}

gboolean
parlor_replay_check_text (const char  *data,
                          gsize        length,
                          GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (length > PARLOR_REPLAY_MAX_SIZE)
    return too_big (error);
  if (length > 0 && (memchr (data, '\0', length) != NULL || !g_utf8_validate (data, length, NULL)))
    {
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("the file is not a replay: it is not text"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
set_errno_error (GError     **error,
                 const char  *path,
                 int          saved_errno)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", name,
               g_strerror (saved_errno));
  return FALSE;
}

static char *
read_fd (int          fd,
         const char  *path,
         gsize       *length,
         GError     **error)
{
  struct stat st;
  g_autofree char *buffer = NULL;
  gsize size = 0;
  gsize alloc;

  if (fstat (fd, &st) != 0)
    return set_errno_error (error, path, errno), NULL;
  if (!S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("the file is not a replay: it is not a regular file"));
      return NULL;
    }
  if (st.st_size > PARLOR_REPLAY_MAX_SIZE)
    return too_big (error), NULL;

  /* Read to the end, but never past the limit: the file may grow meanwhile. */
  alloc = (gsize) st.st_size + 1;
  buffer = g_malloc (alloc + 1);
  for (;;)
    {
      gssize n;

      if (size == alloc)
        {
          if (alloc > PARLOR_REPLAY_MAX_SIZE)
            break;
          alloc = MIN (alloc * 2, (gsize) PARLOR_REPLAY_MAX_SIZE + 1);
          buffer = g_realloc (buffer, alloc + 1);
        }
      n = read (fd, buffer + size, alloc - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return set_errno_error (error, path, errno), NULL;
      if (n == 0)
        break;
      size += (gsize) n;
    }
  buffer[size] = '\0';
  if (!parlor_replay_check_text (buffer, size, error))
    return NULL;
  if (length != NULL)
    *length = size;
  return g_steal_pointer (&buffer);
}

char *
parlor_replay_read_file (const char  *path,
                         gsize       *length,
                         GError     **error)
{
  char *text;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Non-blocking: opening a named pipe must not wait for a writer. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    return set_errno_error (error, path, errno), NULL;
  text = read_fd (fd, path, length, error);
  g_close (fd, NULL);
  return text;
}

/* Every reader of a replay walks its lines alike: numbered from 1, white
 * space around each (a trailing \r among it) dropped. A copy per line, so
 * a file of blank lines costs nothing more than its own size. */
typedef struct
{
  const char *next;
  guint       lineno;
  GString    *line;
} LineReader;

static void
line_reader_init (LineReader *lr,
                  const char *text)
{
  lr->next = text;
  lr->lineno = 0;
  lr->line = g_string_new (NULL);
}

static void
line_reader_clear (LineReader *lr)
{
  g_string_free (lr->line, TRUE);
}

static char *
line_reader_next (LineReader *lr)
{
  const char *end;

  if (lr->next == NULL)
    return NULL;
  end = strchr (lr->next, '\n');
  g_string_truncate (lr->line, 0);
  g_string_append_len (lr->line, lr->next, end != NULL ? end - lr->next : (gssize) strlen (lr->next));
  lr->next = end != NULL ? end + 1 : NULL;
  lr->lineno++;
  return g_strstrip (lr->line->str);
}

const ParlorGameInfo *
parlor_replay_lookup_game (ParlorReplayLookup  lookup,
                           const ParlorLine   *record)
{
  const char *id = parlor_line_get (record, "id");

  return id != NULL ? lookup (id) : NULL;
}

char *
parlor_replay_format_header (void)
{
  return g_strdup_printf ("replay version=%d", PARLOR_REPLAY_VERSION);
}

char *
parlor_replay_format_game (const char  *game_id,
                           guint64      seed,
                           const char  *config,
                           GError     **error)
{
  return parlor_replay_format_game_version (game_id, 1, seed, config, error);
}

/* @version: the game's replay version (ParlorGameInfo.replay_version);
 * written only from 2 on, so version 1 records stay as they were. */
char *
parlor_replay_format_game_version (const char  *game_id,
                                   guint        version,
                                   guint64      seed,
                                   const char  *config,
                                   GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("game");

  g_return_val_if_fail (game_id != NULL, NULL);

  parlor_line_set (line, "id", game_id);
  parlor_line_set_printf (line, "seed", "%" G_GUINT64_FORMAT, seed);
  parlor_line_set (line, "config", config != NULL ? config : "");
  if (version > 1)
    parlor_line_set_int (line, "version", version);

  return parlor_line_to_string (line, error);
}

char *
parlor_replay_format_seat (guint        index,
                           const char  *name,
                           const char  *kind,
                           const char  *level,
                           GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("seat");

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  parlor_line_set_int (line, "index", index);
  parlor_line_set (line, "name", name);
  parlor_line_set (line, "kind", kind);
  if (level != NULL)
    parlor_line_set (line, "level", level);

  return parlor_line_to_string (line, error);
}

char *
parlor_replay_format_seat_view_header (void)
{
  return g_strdup_printf ("replay version=%d kind=seat-view", PARLOR_REPLAY_SEAT_VIEW_VERSION);
}

char *
parlor_replay_format_seat_view_game (const char  *game_id,
                                     guint        n_seats,
                                     guint        seat,
                                     GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("game");

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (seat < n_seats, NULL);

  parlor_line_set (line, "id", game_id);
  parlor_line_set_int (line, "seats", n_seats);
  parlor_line_set_int (line, "seat", seat);
  return parlor_line_to_string (line, error);
}

/* The line as received, after its record's type: it is a ParlorLine
 * already, so it needs no escaping and keeps its own length limit. */
char *
parlor_replay_format_seen (const char  *type,
                           const char  *line,
                           GError     **error)
{
  g_autoptr(ParlorLine) parsed = NULL;

  g_return_val_if_fail (type != NULL && line != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  parsed = parlor_line_parse (line, error);
  if (parsed == NULL)
    return NULL;
  return g_strdup_printf ("%s %s", type, line);
}

gboolean
parlor_replay_is_seat_view (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*text))
    text++;
  return g_str_has_prefix (text, "replay ") && strstr (text, "kind=seat-view") != NULL &&
         strstr (text, "kind=seat-view") < (strchr (text, '\n') != NULL ? strchr (text, '\n')
                                                                          : text + strlen (text));
}

gboolean
parlor_replay_is_seat_kind (const char *kind)
{
  return g_strcmp0 (kind, "local") == 0 || g_strcmp0 (kind, "ai") == 0 ||
         g_strcmp0 (kind, "remote") == 0;
}

static char *
format_audience (guint32 audience)
{
  if (audience == PARLOR_AUDIENCE_ALL)
    return g_strdup ("all");
  return g_strdup_printf ("%x", audience);
}

/* A table records every event of a game as it is played: written directly,
 * with the limit parlor_line_to_string() keeps. */
char *
parlor_replay_format_event (const ParlorEvent  *event,
                            GError            **error)
{
  g_autofree char *escaped = NULL;
  GString *out;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  escaped = parlor_line_escape (event->line);
  out = g_string_sized_new (strlen (escaped) + 32);
  g_string_append (out, "event audience=");
  if (event->audience == PARLOR_AUDIENCE_ALL)
    g_string_append (out, "all");
  else
    g_string_append_printf (out, "%x", event->audience);
  g_string_append (out, " line=");
  g_string_append (out, escaped);

  if (out->len > PARLOR_LINE_MAX_LENGTH)
    {
      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG,
                   _("Line is too long (%zu bytes, at most %d)"), out->len, PARLOR_LINE_MAX_LENGTH);
      g_string_free (out, TRUE);
      return NULL;
    }

  return g_string_free (out, FALSE);
}

char *
parlor_replay_format_action (guint        seat,
                             const char  *action,
                             gboolean     timeout,
                             GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("action");

  g_return_val_if_fail (action != NULL, NULL);

  parlor_line_set_int (line, "seat", seat);
  parlor_line_set (line, "line", action);
  if (timeout)
    parlor_line_set_int (line, "timeout", 1);

  return parlor_line_to_string (line, error);
}

char *
parlor_replay_format_result (const char  *result,
                             GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("result");

  g_return_val_if_fail (result != NULL, NULL);

  parlor_line_set (line, "line", result);

  return parlor_line_to_string (line, error);
}

gboolean
parlor_replay_append_events (GPtrArray  *lines,
                             GPtrArray  *events,
                             GError    **error)
{
  g_return_val_if_fail (lines != NULL, FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  for (guint i = 0; i < events->len; i++)
    {
      char *record = parlor_replay_format_event (g_ptr_array_index (events, i), error);

      if (record == NULL)
        return FALSE;
      g_ptr_array_add (lines, record);
    }

  return TRUE;
}

/* ---- verification ---- */

typedef struct
{
  const ParlorGameInfo *info;
  ParlorGame           *game;
  gboolean              started;
  GPtrArray            *pending;   /* events the engine produced, not yet matched */
  guint                 next;
  guint                 seats_seen;
  gboolean              automatic; /* the replay does not record automatic answers */
  guint                 version;   /* the game record's replay version */
  gboolean              result;    /* its result was read */
} Replaying;

static void
replaying_clear (Replaying *r)
{
  g_clear_object (&r->game);
  g_clear_pointer (&r->pending, g_ptr_array_unref);
  r->info = NULL;
  r->started = FALSE;
  r->next = 0;
  r->seats_seen = 0;
  r->automatic = FALSE;
  r->result = FALSE;
}

/* Every error names its line. */
#define fail(error, code, lineno, ...) \
  (parlor_fail ((error), PARLOR_REPLAY_ERROR, (code), __VA_ARGS__), \
   g_prefix_error ((error), "line %u: ", (guint) (lineno)), FALSE)

/* A version 1 replay of a game that now asks seats with nothing to claim:
 * play the answers the table would have played for them, as version 1 did
 * without asking. Their events join the pending ones. */
static gboolean
play_automatic (Replaying  *r,
                guint       lineno,
                GError    **error)
{
  g_autofree char *action = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!r->automatic || parlor_game_play_automatic (r->game, r->pending, &action, &local_error))
    return TRUE;
  return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
               _("the engine refuses its own answer “%s”: %s"), action, local_error->message);
}

/* The game starts at its first event, action or result: every seat has
 * been named by then. */
static gboolean
ensure_started (Replaying  *r,
                guint       lineno,
                GError    **error)
{
  guint n_seats;

  if (r->started)
    return TRUE;
  n_seats = parlor_game_get_n_seats (r->game);
  for (guint i = 0; i < n_seats; i++)
    if ((r->seats_seen & (1u << i)) == 0)
      return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                   _("seat %u has no seat record before the game’s events"), i);
  r->started = TRUE;
  r->pending = parlor_event_array_new ();
  r->next = 0;
  parlor_game_start (r->game, r->pending);
  /* No claim window is open at the start of a game. */
  return TRUE;
}

static gboolean
unrecorded (const ParlorGameInfo *info,
            const char           *line,
            guint                 version)
{
  size_t type_len = strcspn (line, " ");

  for (const ParlorRecordedSince *e = info->recorded_since; e != NULL && e->type != NULL; e++)
    if (version < e->since && strlen (e->type) == type_len && strncmp (line, e->type, type_len) == 0)
      return TRUE;
  return FALSE;
}

/* Lets go by the engine's events that a replay of an older version lacks. */
static void
skip_unrecorded (Replaying *r)
{
  if (r->info == NULL || r->pending == NULL)
    return;
  while (r->next < r->pending->len &&
         unrecorded (r->info, ((ParlorEvent *) g_ptr_array_index (r->pending, r->next))->line, r->version))
    r->next++;
}

/* Every event the engine produced so far must have been in the file. */
static gboolean
check_all_matched (Replaying  *r,
                   guint       lineno,
                   GError    **error)
{
  skip_unrecorded (r);
  if (r->pending != NULL && r->next < r->pending->len)
    {
      ParlorEvent *event = g_ptr_array_index (r->pending, r->next);

      return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                   _("the engine produced the event “%s” that the replay lacks"), event->line);
    }

  return TRUE;
}

static gboolean
finish_game (Replaying  *r,
             guint       lineno,
             GError    **error)
{
  if (r->game == NULL)
    return TRUE;
  if (!ensure_started (r, lineno, error) || !check_all_matched (r, lineno, error))
    return FALSE;
  replaying_clear (r);
  return TRUE;
}

static gboolean
verify_record (Replaying             *r,
               const ParlorLine      *record,
               guint                  lineno,
               const ParlorGameInfo *(*lookup) (const char *id),
               guint                 *n_games,
               GError               **error)
{
  const char *type = parlor_line_get_type (record);
  g_autoptr(GError) local_error = NULL;

  if (g_str_equal (type, "game"))
    {
      const char *id = parlor_line_get (record, "id");
      const char *config = parlor_line_get (record, "config");
      guint64 seed;
      gint64 version = 1;
      guint engine_version;

      if (!finish_game (r, lineno, error))
        return FALSE;
      if (id == NULL || parlor_line_get (record, "seed") == NULL ||
          !g_ascii_string_to_unsigned (parlor_line_get (record, "seed"), 10, 0, G_MAXUINT64,
                                       &seed, NULL))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("a game record needs an id and a seed"));
      if (parlor_line_has (record, "version") &&
          !parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("a game record’s version is a number from 1"));
      r->info = lookup (id);
      if (r->info == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_UNKNOWN_GAME, lineno,
                     _("there is no game “%s”"), id);
      engine_version = MAX (r->info->replay_version, 1);
      if (version > engine_version)
        return fail (error, PARLOR_REPLAY_ERROR_UNKNOWN_GAME, lineno,
                     _("this %s replay is of version %d, newer than this Parlor’s (%u): "
                       "play it back with a newer Parlor"),
                     id, (int) version, engine_version);
      /* Version 1 → 2: answers of seats with nothing to claim were not recorded. */
      r->automatic = version < (gint64) r->info->answers_recorded_since;
      r->version = (guint) version;
      r->game = r->info->new_game (config != NULL ? config : "", seed, &local_error);
      if (r->game == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno, "%s", local_error->message);
      (*n_games)++;
      return TRUE;
    }

  if (r->game == NULL)
    return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                 _("“%s” comes before any game record"), type);

  if (g_str_equal (type, "seat"))
    {
      gint64 index;

      if (r->started)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("seat records must come before the game’s events"));
      if (!parlor_line_get_int (record, "index", 0, parlor_game_get_n_seats (r->game) - 1,
                                &index, &local_error))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, "%s", local_error->message);
      if (r->seats_seen & (1u << index))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, _("seat %d is given twice"),
                     (int) index);
      if (parlor_line_get (record, "name") == NULL || !parlor_replay_is_seat_kind (parlor_line_get (record, "kind")))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("a seat record needs a name and a kind: local, ai or remote"));
      r->seats_seen |= 1u << index;
      return TRUE;
    }

  if (!ensure_started (r, lineno, error))
    return FALSE;

  if (g_str_equal (type, "event"))
    {
      const char *line = parlor_line_get (record, "line");
      const char *audience = parlor_line_get (record, "audience");
      ParlorEvent *event;
      g_autofree char *expected_audience = NULL;

      if (line == NULL || audience == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("an event record needs an audience and a line"));
      skip_unrecorded (r);
      if (r->next >= r->pending->len)
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                     _("the replay has the event “%s” but the engine produced none"), line);
      event = g_ptr_array_index (r->pending, r->next);
      expected_audience = format_audience (event->audience);
      if (!g_str_equal (event->line, line) || g_ascii_strcasecmp (expected_audience, audience) != 0)
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                     _("the replay has the event “%s” (audience %s), the engine produced “%s” "
                       "(audience %s)"),
                     line, audience, event->line, expected_audience);
      r->next++;
      return TRUE;
    }

  if (g_str_equal (type, "action"))
    {
      const char *line = parlor_line_get (record, "line");
      gint64 seat;

      if (line == NULL ||
          !parlor_line_get_int (record, "seat", 0, parlor_game_get_n_seats (r->game) - 1,
                                &seat, &local_error))
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("an action record needs a seat and a line"));
      if (!check_all_matched (r, lineno, error))
        return FALSE;
      g_ptr_array_set_size (r->pending, 0);
      r->next = 0;
      if (!parlor_game_apply (r->game, seat, line, r->pending, &local_error))
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                     _("the engine refuses the action “%s”: %s"), line, local_error->message);
      return play_automatic (r, lineno, error);
    }

  if (g_str_equal (type, "result"))
    {
      const char *line = parlor_line_get (record, "line");
      g_autofree char *result = NULL;

      if (line == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, _("a result record needs a line"));
      if (r->result)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, _("the game has a result already"));
      r->result = TRUE;
      if (!check_all_matched (r, lineno, error))
        return FALSE;
      result = parlor_game_get_result (r->game);
      if (result == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                     _("the replay gives a result but the game is not over"));
      if (!g_str_equal (result, line))
        return fail (error, PARLOR_REPLAY_ERROR_MISMATCH, lineno,
                     _("the replay has the result “%s”, the engine “%s”"), line, result);
      return TRUE;
    }

  return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, _("unknown record “%s”"), type);
}

/* Each game's own check of its recorded events (ParlorGameInfo.check_draws:
 * a mahjong hand's deals and draws against the wall it records), made before
 * the engine plays the file again, so a changed tile is reported as the draw
 * it spoils. What cannot be read is left to the engine's pass to report. */
static gboolean
check_recorded_draws (const char            *text,
                      const ParlorGameInfo *(*lookup) (const char *id),
                      GError               **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) linenos = g_array_new (FALSE, FALSE, sizeof (guint));
  const ParlorGameInfo *info = NULL;
  gboolean seen_header = FALSE;
  gboolean ok = TRUE;
  LineReader lr;

  line_reader_init (&lr, text);
  for (;;)
    {
      g_autoptr(ParlorLine) record = NULL;
      const char *type = NULL;
      char *line = line_reader_next (&lr);

      if (line != NULL)
        {
          if (*line == '\0')
            continue;
          record = parlor_line_parse (line, NULL);
          if (record == NULL)
            break;
          type = parlor_line_get_type (record);
          if (!seen_header)
            {
              seen_header = TRUE;
              if (!g_str_equal (type, "replay") || parlor_line_has (record, "kind"))
                break;
              continue;
            }
        }
      if (line == NULL || g_str_equal (type, "game"))
        {
          g_autoptr(GError) local_error = NULL;
          guint failed = 0;

          if (info != NULL && info->check_draws != NULL &&
              !info->check_draws ((const char * const *) events->pdata, events->len, &failed,
                                  &local_error))
            {
              ok = fail (error, PARLOR_REPLAY_ERROR_MISMATCH,
                         g_array_index (linenos, guint, MIN (failed, linenos->len - 1)), "%s",
                         local_error->message);
              break;
            }
          if (line == NULL)
            break;
          g_ptr_array_set_size (events, 0);
          g_array_set_size (linenos, 0);
          info = parlor_replay_lookup_game (lookup, record);
        }
      else if (g_str_equal (type, "event") && parlor_line_get (record, "line") != NULL)
        {
          g_ptr_array_add (events, g_strdup (parlor_line_get (record, "line")));
          g_array_append_val (linenos, lr.lineno);
        }
    }
  line_reader_clear (&lr);
  return ok;
}

gboolean
parlor_replay_verify (const char            *text,
                      const ParlorGameInfo *(*lookup) (const char *id),
                      guint                 *n_games,
                      GError               **error)
{
  Replaying r = { 0 };
  LineReader lr;
  char *text_line;
  gboolean seen_header = FALSE;
  guint games = 0;
  guint lineno = 0;
  guint last_record = 1;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (lookup != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_games != NULL)
    *n_games = 0;
  if (!parlor_replay_check_text (text, strlen (text), error) ||
      !check_recorded_draws (text, lookup, error))
    return FALSE;

  line_reader_init (&lr, text);
  while (ok && (text_line = line_reader_next (&lr)) != NULL)
    {
      g_autoptr(ParlorLine) record = NULL;
      g_autoptr(GError) local_error = NULL;

      lineno = lr.lineno;
      if (*text_line == '\0')
        continue;
      last_record = lineno;

      record = parlor_line_parse (text_line, &local_error);
      if (record == NULL)
        {
          ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, "%s", local_error->message);
          break;
        }
      if (!seen_header)
        {
          gint64 version;

          if (!g_str_equal (parlor_line_get_type (record), "replay") ||
              !parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL))
            ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                       _("a replay starts with “replay version=%d”"), PARLOR_REPLAY_VERSION);
          else if (g_strcmp0 (parlor_line_get (record, "kind"), "seat-view") == 0)
            ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, "%s",
                       _("this replay is one seat’s view of a game: it has no seed, so it "
                         "cannot be played again to check it"));
          else if (version != PARLOR_REPLAY_VERSION)
            ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                       _("replay version %d is not supported"), (int) version);
          seen_header = TRUE;
          continue;
        }
      ok = verify_record (&r, record, lineno, lookup, &games, error);
    }

  line_reader_clear (&lr);
  if (ok && !seen_header)
    ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, 1, _("the replay is empty"));
  if (ok && games == 0)
    ok = fail (error, PARLOR_REPLAY_ERROR_SYNTAX, last_record, _("the replay holds no game"));
  if (ok)
    ok = finish_game (&r, lineno, error);
  replaying_clear (&r);

  if (ok && n_games != NULL)
    *n_games = games;

  return ok;
}
