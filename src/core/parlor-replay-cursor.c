/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-replay-cursor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "parlor-replay-cursor.h"

#define MAX_SEATS 32

typedef struct
{
  guint  seat;
  char  *line;
} Step;

struct _ParlorReplayCursor
{
  GObject               parent_instance;

  const ParlorGameInfo *info;
  char                 *config;
  guint64               seed;
  gboolean              automatic;   /* a version 1 record: play the unrecorded passes */
  gboolean              current;     /* its actions are those this engine records */
  guint                 n_seats;
  char                **names;       /* n_seats + 1, NULL-terminated */
  char                **kinds;
  GPtrArray            *records;     /* char *: the block, header first */
  GArray               *steps;       /* Step, one per recorded action */
  GPtrArray            *events;      /* ParlorEvent: every event of the game */
  GArray               *events_end;  /* guint: events up to step i */
  GArray               *hands;       /* guint: the step each hand starts at */

  ParlorGame           *game;        /* at step; NULL for a seat's view */
  guint                 step;

  /* A seat's view (docs/replay-format.md): no game, the views received. */
  int                   view_seat;   /* -1: a table's whole record */
  GPtrArray            *views;       /* char *: step i's view */
  GPtrArray            *moves;       /* char *: the seat's move from step i's view, or NULL */
  char                 *result;      /* as received; NULL: unfinished */
};

G_DEFINE_FINAL_TYPE (ParlorReplayCursor, parlor_replay_cursor, G_TYPE_OBJECT)

static void
step_clear (Step *step)
{
  g_free (step->line);
}

static void
parlor_replay_cursor_finalize (GObject *object)
{
  ParlorReplayCursor *self = PARLOR_REPLAY_CURSOR (object);

  g_clear_object (&self->game);
  g_free (self->config);
  /* A file refused half read leaves seats without a name. */
  for (guint s = 0; self->names != NULL && s < self->n_seats; s++)
    {
      g_free (self->names[s]);
      g_free (self->kinds[s]);
    }
  g_free (self->names);
  g_free (self->kinds);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_pointer (&self->events_end, g_array_unref);
  g_clear_pointer (&self->hands, g_array_unref);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->moves, g_ptr_array_unref);
  g_free (self->result);

  G_OBJECT_CLASS (parlor_replay_cursor_parent_class)->finalize (object);
}

static void
parlor_replay_cursor_class_init (ParlorReplayCursorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = parlor_replay_cursor_finalize;
}

static void
parlor_replay_cursor_init (ParlorReplayCursor *self)
{
  self->records = g_ptr_array_new_with_free_func (g_free);
  self->steps = g_array_new (FALSE, TRUE, sizeof (Step));
  g_array_set_clear_func (self->steps, (GDestroyNotify) step_clear);
  self->events = parlor_event_array_new ();
  self->events_end = g_array_new (FALSE, TRUE, sizeof (guint));
  self->hands = g_array_new (FALSE, TRUE, sizeof (guint));
  self->views = g_ptr_array_new_with_free_func (g_free);
  self->moves = g_ptr_array_new_with_free_func (g_free);
  self->view_seat = -1;
}

static gboolean
fail (GError    **error,
      int         code,
      guint       lineno,
      const char *message)
{
  g_set_error (error, PARLOR_REPLAY_ERROR, code, "line %u: %s", lineno, message);
  return FALSE;
}

/* Reads the records of game @game_index: the seed, config, seats and
 * actions. The file has been verified, so each record reads. */
static gboolean
read_block (ParlorReplayCursor  *self,
            const char          *text,
            ParlorReplayLookup   lookup,
            guint                game_index,
            GError             **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  int game = -1;
  guint lineno = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(ParlorLine) record = NULL;
      char *line = g_strstrip (lines[i]);
      const char *type;

      lineno = i + 1;
      if (*line == '\0')
        continue;
      record = parlor_line_parse (line, NULL);
      if (record == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno, _("a record cannot be read"));
      type = parlor_line_get_type (record);
      if (g_str_equal (type, "replay"))
        {
          g_ptr_array_add (self->records, g_strdup (line));
          continue;
        }
      if (g_str_equal (type, "game"))
        {
          gint64 version = 1;

          if (++game > (int) game_index)
            break;
          if (game < (int) game_index)
            continue;
          self->info = parlor_replay_lookup_game (lookup, record);
          if (self->info == NULL ||
              !g_ascii_string_to_unsigned (parlor_line_get (record, "seed"), 10, 0, G_MAXUINT64,
                                           &self->seed, NULL))
            return fail (error, PARLOR_REPLAY_ERROR_UNKNOWN_GAME, lineno,
                         _("the game record cannot be read"));
          if (parlor_line_has (record, "version"))
            parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL);
          self->config = g_strdup (parlor_line_get (record, "config") != NULL
                                   ? parlor_line_get (record, "config") : "");
          self->automatic = version < (gint64) self->info->answers_recorded_since;
          /* Older versions that record every action may be played on from too. */
          self->current = !self->automatic && (guint) version <= MAX (self->info->replay_version, 1);
        }
      if (game != (int) game_index)
        continue;
      g_ptr_array_add (self->records, g_strdup (line));
      if (g_str_equal (type, "seat"))
        {
          gint64 index;

          if (parlor_line_get_int (record, "index", 0, MAX_SEATS - 1, &index, NULL))
            {
              if ((guint) index + 1 > self->n_seats)
                {
                  self->names = g_renew (char *, self->names, index + 2);
                  self->kinds = g_renew (char *, self->kinds, index + 2);
                  for (guint s = self->n_seats; s <= (guint) index + 1; s++)
                    self->names[s] = self->kinds[s] = NULL;
                  self->n_seats = index + 1;
                }
              g_free (self->names[index]);
              g_free (self->kinds[index]);
              self->names[index] = g_strdup (parlor_line_get (record, "name"));
              self->kinds[index] = g_strdup (parlor_line_get (record, "kind"));
            }
        }
      else if (g_str_equal (type, "action"))
        {
          Step step = { 0 };
          gint64 seat;

          if (!parlor_line_get_int (record, "seat", 0, MAX_SEATS - 1, &seat, NULL) ||
              parlor_line_get (record, "line") == NULL)
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("an action record needs a seat and a line"));
          step.seat = seat;
          step.line = g_strdup (parlor_line_get (record, "line"));
          g_array_append_val (self->steps, step);
        }
    }

  if (self->info == NULL)
    {
      g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                   _("the replay has no game %u"), game_index + 1);
      return FALSE;
    }
  return TRUE;
}

/* Version 1 records leave out the passes the table played for seats with
 * nothing to claim: play them as the verifier does. */
static gboolean
play_automatic (ParlorReplayCursor  *self,
                ParlorGame          *game,
                GPtrArray           *events,
                GError             **error)
{
  return !self->automatic || parlor_game_play_automatic (game, events, NULL, error);
}

static ParlorGame *
new_started_game (ParlorReplayCursor  *self,
                  GPtrArray           *events,
                  GError             **error)
{
  g_autoptr(ParlorGame) game = self->info->new_game (self->config, self->seed, error);
  g_autoptr(GPtrArray) scratch = events == NULL ? parlor_event_array_new () : NULL;

  if (game == NULL)
    return NULL;
  parlor_game_start (game, events != NULL ? events : scratch);
  return g_steal_pointer (&game);
}

static gboolean
apply_step (ParlorReplayCursor  *self,
            ParlorGame          *game,
            guint                index,
            GPtrArray           *events,
            GError             **error)
{
  Step *step = &g_array_index (self->steps, Step, index);
  g_autoptr(GPtrArray) scratch = events == NULL ? parlor_event_array_new () : NULL;

  if (events == NULL)
    events = scratch;
  if (step->seat >= parlor_game_get_n_seats (game) ||
      !parlor_game_apply (game, step->seat, step->line, events, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_MISMATCH,
                             _("an action names a seat the game does not have"));
      return FALSE;
    }
  return play_automatic (self, game, events, error);
}

static gboolean
starts_hand (const char *line)
{
  return g_str_has_prefix (line, "hand ") || g_str_equal (line, "hand") ||
         g_str_has_prefix (line, "round ") || g_str_equal (line, "round");
}

/* Plays the whole game once for its events, step by step. */
static gboolean
collect_events (ParlorReplayCursor  *self,
                GError             **error)
{
  g_autoptr(ParlorGame) game = new_started_game (self, self->events, error);
  guint zero = 0;

  if (game == NULL)
    return FALSE;
  g_array_append_val (self->hands, zero);
  g_array_append_val (self->events_end, self->events->len);
  for (guint i = 0; i < self->steps->len; i++)
    {
      guint first = self->events->len;
      guint step = i + 1;

      if (!apply_step (self, game, i, self->events, error))
        return FALSE;
      g_array_append_val (self->events_end, self->events->len);
      for (guint e = first; e < self->events->len; e++)
        if (starts_hand (((ParlorEvent *) g_ptr_array_index (self->events, e))->line))
          {
            g_array_append_val (self->hands, step);
            break;
          }
    }
  if (parlor_game_get_n_seats (game) != self->n_seats)
    {
      guint n = parlor_game_get_n_seats (game);

      self->names = g_renew (char *, self->names, n + 1);
      self->kinds = g_renew (char *, self->kinds, n + 1);
      for (guint s = self->n_seats; s <= n; s++)
        self->names[s] = self->kinds[s] = NULL;
      for (guint s = n; s < self->n_seats; s++)
        {
          g_clear_pointer (&self->names[s], g_free);
          g_clear_pointer (&self->kinds[s], g_free);
        }
      self->n_seats = n;
    }
  for (guint s = 0; s < self->n_seats; s++)
    {
      if (self->names[s] == NULL)
        self->names[s] = g_strdup_printf (_("Player %u"), s + 1);
      if (self->kinds[s] == NULL)
        self->kinds[s] = g_strdup ("ai");
    }
  return TRUE;
}

static gboolean
set_seat_count (ParlorReplayCursor *self,
                guint               n)
{
  self->n_seats = n;
  self->names = g_new0 (char *, n + 1);
  self->kinds = g_new0 (char *, n + 1);
  return TRUE;
}

/* A step of a seat's view ends at each view received; events after the
 * last view (the end's reveal) make one more step with that view. */
static void
end_seen_step (ParlorReplayCursor *self,
               const char         *view)
{
  if (self->views->len > 0)
    {
      Step step = { G_MAXUINT, NULL };

      g_array_append_val (self->steps, step);
    }
  g_ptr_array_add (self->views, g_strdup (view));
  g_ptr_array_add (self->moves, NULL);
  g_array_append_val (self->events_end, self->events->len);
}

static gboolean
read_seat_view (ParlorReplayCursor  *self,
                const char          *text,
                ParlorReplayLookup   lookup,
                GError             **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint pending = 0;       /* events since the last view */
  gboolean header = FALSE, ended = FALSE;
  guint lineno = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      const char *rest;
      g_autoptr(ParlorLine) record = NULL;
      g_autoptr(GError) local_error = NULL;
      const char *type;

      if (*line == '\0')
        continue;
      lineno = i + 1;
      if (ended)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("nothing may follow the end of a seat’s view"));
      rest = strchr (line, ' ');
      if (self->info != NULL && rest != NULL &&
          (g_str_has_prefix (line, "event ") || g_str_has_prefix (line, "view ") ||
           g_str_has_prefix (line, "move ") || g_str_has_prefix (line, "result ")))
        {
          g_autoptr(ParlorLine) seen = parlor_line_parse (rest + 1, &local_error);

          if (seen == NULL)
            {
              g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           "line %u: %s", lineno, local_error->message);
              return FALSE;
            }
          if (*line == 'e')
            {
              g_ptr_array_add (self->events,
                               parlor_event_new (PARLOR_AUDIENCE_SEAT (self->view_seat), rest + 1));
              pending++;
            }
          else if (*line == 'v')
            {
              end_seen_step (self, rest + 1);
              pending = 0;
            }
          else if (*line == 'm')
            {
              guint last = self->views->len;

              if (last == 0)
                return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                             _("a move follows the view it was made from"));
              g_free (g_ptr_array_index (self->moves, last - 1));
              g_ptr_array_index (self->moves, last - 1) = g_strdup (rest + 1);
            }
          else
            {
              self->result = g_strdup (rest + 1);
              ended = TRUE;
            }
          continue;
        }

      record = parlor_line_parse (line, &local_error);
      if (record == NULL)
        {
          g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                       "line %u: %s", lineno, local_error->message);
          return FALSE;
        }
      type = parlor_line_get_type (record);
      if (!header)
        {
          gint64 version;

          if (!g_str_equal (type, "replay") ||
              !parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL) ||
              g_strcmp0 (parlor_line_get (record, "kind"), "seat-view") != 0)
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("a seat’s view starts with “replay version=2 kind=seat-view”"));
          if (version != PARLOR_REPLAY_SEAT_VIEW_VERSION)
            {
              g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("line %u: a seat’s view of version %d is not supported"),
                           lineno, (int) version);
              return FALSE;
            }
          header = TRUE;
          g_ptr_array_add (self->records, g_strdup (line));
          continue;
        }
      if (g_str_equal (type, "game"))
        {
          gint64 n, seat;

          if (self->info != NULL)
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("a seat’s view holds one game"));
          if (parlor_line_get (record, "id") == NULL)
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("the game record names no game"));
          self->info = parlor_replay_lookup_game (lookup, record);
          if (self->info == NULL)
            {
              g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
                           _("line %u: there is no game “%s”"), lineno,
                           parlor_line_get (record, "id") != NULL ? parlor_line_get (record, "id") : "");
              return FALSE;
            }
          if (!parlor_line_get_int (record, "seats", self->info->min_seats,
                                    MIN (self->info->max_seats, MAX_SEATS), &n, NULL) ||
              !parlor_line_get_int (record, "seat", 0, n - 1, &seat, NULL))
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("the game record needs the number of seats and the seat whose view it is"));
          set_seat_count (self, (guint) n);
          self->view_seat = (int) seat;
          self->config = g_strdup ("");
          g_ptr_array_add (self->records, g_strdup (line));
          continue;
        }
      if (self->info == NULL)
        return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                     _("a seat’s view names its game before anything else"));
      if (g_str_equal (type, "seat"))
        {
          gint64 index;

          if (!parlor_line_get_int (record, "index", 0, self->n_seats - 1, &index, NULL) ||
              parlor_line_get (record, "name") == NULL)
            return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                         _("a seat record needs a seat of the game and a name"));
          g_free (self->names[index]);
          g_free (self->kinds[index]);
          self->names[index] = g_strdup (parlor_line_get (record, "name"));
          self->kinds[index] = g_strdup (parlor_line_get (record, "kind") != NULL
                                         ? parlor_line_get (record, "kind") : "remote");
          g_ptr_array_add (self->records, g_strdup (line));
        }
      else if (g_str_equal (type, "unfinished"))
        ended = TRUE;
      else
        {
          g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                       _("line %u: unknown record “%s”"), lineno, type);
          return FALSE;
        }
    }

  if (!header)
    return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, 1, _("the replay is empty"));
  if (self->info == NULL || self->views->len == 0)
    return fail (error, PARLOR_REPLAY_ERROR_SYNTAX, lineno,
                 _("the seat’s view holds no position of the game"));
  if (pending > 0)
    end_seen_step (self, g_ptr_array_index (self->views, self->views->len - 1));
  for (guint i = 1; i < self->events_end->len; i++)
    for (guint e = g_array_index (self->events_end, guint, i - 1);
         e < g_array_index (self->events_end, guint, i); e++)
      if (starts_hand (((ParlorEvent *) g_ptr_array_index (self->events, e))->line))
        {
          g_array_append_val (self->hands, i);
          break;
        }
  for (guint s = 0; s < self->n_seats; s++)
    {
      if (self->names[s] == NULL)
        self->names[s] = g_strdup_printf (_("Player %u"), s + 1);
      if (self->kinds[s] == NULL)
        self->kinds[s] = g_strdup ("remote");
    }
  return TRUE;
}

/**
 * parlor_replay_cursor_new:
 * @text: a replay file's text
 * @lookup: finds a game by its id
 * @game_index: which of the file's games, from 0
 *
 * Returns: (transfer full): a cursor at step 0, or NULL with a
 * %PARLOR_REPLAY_ERROR that says what is wrong with the file.
 */
ParlorReplayCursor *
parlor_replay_cursor_new (const char           *text,
                          ParlorReplayLookup    lookup,
                          guint                 game_index,
                          GError              **error)
{
  g_autoptr(ParlorReplayCursor) self = NULL;
  guint n_games = 0;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (lookup != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("the file is not a replay: it is not text"));
      return NULL;
    }
  if (parlor_replay_is_seat_view (text))
    {
      guint zero = 0;

      self = g_object_new (PARLOR_TYPE_REPLAY_CURSOR, NULL);
      g_array_append_val (self->hands, zero);
      if (game_index > 0)
        {
          g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                       _("the replay has no game %u"), game_index + 1);
          return NULL;
        }
      if (!read_seat_view (self, text, lookup, error))
        return NULL;
      return g_steal_pointer (&self);
    }
  if (!parlor_replay_verify (text, lookup, &n_games, error))
    return NULL;
  if (game_index >= n_games)
    {
      g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                   _("the replay has no game %u"), game_index + 1);
      return NULL;
    }

  self = g_object_new (PARLOR_TYPE_REPLAY_CURSOR, NULL);
  if (!read_block (self, text, lookup, game_index, error) || !collect_events (self, error))
    return NULL;
  self->game = new_started_game (self, NULL, error);
  if (self->game == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

const ParlorGameInfo *
parlor_replay_cursor_get_info (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  return self->info;
}

guint
parlor_replay_cursor_get_n_seats (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);
  return self->n_seats;
}

const char *
parlor_replay_cursor_get_seat_name (ParlorReplayCursor *self,
                                    guint               seat)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->names[seat];
}

const char *
parlor_replay_cursor_get_seat_kind (ParlorReplayCursor *self,
                                    guint               seat)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->kinds[seat];
}

int
parlor_replay_cursor_get_local_seat (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), -1);

  for (guint s = 0; s < self->n_seats; s++)
    if (g_strcmp0 (self->kinds[s], "local") == 0)
      return s;
  return -1;
}

const char * const *
parlor_replay_cursor_get_records (ParlorReplayCursor *self,
                                  guint              *n_records)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);

  if (n_records != NULL)
    *n_records = self->records->len;
  return (const char * const *) self->records->pdata;
}

gboolean
parlor_replay_cursor_is_current_version (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);
  return self->current;
}

guint
parlor_replay_cursor_get_n_steps (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);
  return self->steps->len;
}

guint
parlor_replay_cursor_get_step (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);
  return self->step;
}

/* Back means playing again from the start: the games keep no history,
 * and a whole match plays again in milliseconds. */
gboolean
parlor_replay_cursor_go_to (ParlorReplayCursor  *self,
                            guint                step,
                            GError             **error)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (step > self->steps->len)
    {
      g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                   _("the replay has %u steps, not %u"), self->steps->len, step);
      return FALSE;
    }
  if (self->game == NULL)
    {
      self->step = step;
      return TRUE;
    }
  if (step < self->step)
    {
      g_autoptr(ParlorGame) game = new_started_game (self, NULL, error);

      if (game == NULL)
        return FALSE;
      g_set_object (&self->game, game);
      self->step = 0;
    }
  while (self->step < step)
    {
      if (!apply_step (self, self->game, self->step, NULL, error))
        return FALSE;
      self->step++;
    }
  return TRUE;
}

gboolean
parlor_replay_cursor_forward (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);

  if (self->step >= self->steps->len)
    return FALSE;
  return parlor_replay_cursor_go_to (self, self->step + 1, NULL);
}

gboolean
parlor_replay_cursor_back (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);

  if (self->step == 0)
    return FALSE;
  return parlor_replay_cursor_go_to (self, self->step - 1, NULL);
}

ParlorGame *
parlor_replay_cursor_get_game (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  return self->game;
}

guint
parlor_replay_cursor_get_n_hands (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);
  return self->hands->len;
}

guint
parlor_replay_cursor_get_hand_step (ParlorReplayCursor *self,
                                    guint               hand)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);
  g_return_val_if_fail (hand < self->hands->len, 0);
  return g_array_index (self->hands, guint, hand);
}

guint
parlor_replay_cursor_get_hand (ParlorReplayCursor *self,
                               guint               step)
{
  guint hand = 0;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);

  while (hand + 1 < self->hands->len && g_array_index (self->hands, guint, hand + 1) <= step)
    hand++;
  return hand;
}

guint
parlor_replay_cursor_previous_hand_step (ParlorReplayCursor *self,
                                         guint               step)
{
  guint hand;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);

  hand = parlor_replay_cursor_get_hand (self, step);
  if (g_array_index (self->hands, guint, hand) < step)
    return g_array_index (self->hands, guint, hand);
  return hand > 0 ? g_array_index (self->hands, guint, hand - 1) : 0;
}

guint
parlor_replay_cursor_next_hand_step (ParlorReplayCursor *self,
                                     guint               step)
{
  guint hand;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), 0);

  hand = parlor_replay_cursor_get_hand (self, step);
  if (hand + 1 < self->hands->len)
    return g_array_index (self->hands, guint, hand + 1);
  return self->steps->len;
}

char *
parlor_replay_cursor_dup_view (ParlorReplayCursor *self,
                               int                 seat)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (seat >= -1 && seat < (int) self->n_seats, NULL);
  if (self->game == NULL)
    return seat == self->view_seat && seat >= 0
           ? g_strdup (g_ptr_array_index (self->views, self->step)) : NULL;
  return parlor_game_view_for (self->game, seat);
}

static gboolean
sees (const ParlorEvent *event,
      int                seat)
{
  if (seat < 0)
    return event->audience == PARLOR_AUDIENCE_ALL;
  return (event->audience & PARLOR_AUDIENCE_SEAT (seat)) != 0;
}

GPtrArray *
parlor_replay_cursor_dup_events_between (ParlorReplayCursor *self,
                                         guint               from,
                                         guint               to,
                                         int                 seat)
{
  GPtrArray *lines;
  guint first, last;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (to <= self->steps->len, NULL);

  lines = g_ptr_array_new_with_free_func (g_free);
  first = from < to ? g_array_index (self->events_end, guint, from) : 0;
  last = g_array_index (self->events_end, guint, to);
  for (guint e = first; e < last; e++)
    {
      ParlorEvent *event = g_ptr_array_index (self->events, e);

      if (sees (event, seat))
        g_ptr_array_add (lines, g_strdup (event->line));
    }
  return lines;
}

GPtrArray *
parlor_replay_cursor_dup_events (ParlorReplayCursor *self,
                                 guint               step,
                                 int                 seat)
{
  return parlor_replay_cursor_dup_events_between (self, step, step, seat);
}

/* The seat names as describe() takes them, the reader's "". */
static const char **
names_for (ParlorReplayCursor *self,
           int                 seat)
{
  const char **names = g_new0 (const char *, self->n_seats + 1);

  for (guint s = 0; s < self->n_seats; s++)
    names[s] = (int) s == seat ? "" : self->names[s];
  return names;
}

static void
add_words (ParlorReplayCursor *self,
           GPtrArray          *out,
           GPtrArray          *lines,
           int                 seat)
{
  g_autofree const char **names = names_for (self, seat);

  for (guint i = 0; i < lines->len; i++)
    {
      char *words = self->info->describe != NULL
                    ? self->info->describe (g_ptr_array_index (lines, i), names) : NULL;

      if (words != NULL && *words != '\0')
        g_ptr_array_add (out, words);
      else
        g_free (words);
    }
}

GPtrArray *
parlor_replay_cursor_dup_log (ParlorReplayCursor *self,
                              guint               step,
                              int                 seat)
{
  g_autoptr(GPtrArray) lines = NULL;
  GPtrArray *out;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (step <= self->steps->len, NULL);

  lines = parlor_replay_cursor_dup_events (self, step, seat);
  out = g_ptr_array_new_with_free_func (g_free);
  add_words (self, out, lines, seat);
  return out;
}

int
parlor_replay_cursor_get_actor (ParlorReplayCursor *self,
                                guint               step)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), -1);
  g_return_val_if_fail (step <= self->steps->len, -1);
  if (step == 0 || self->game == NULL)
    return -1;
  return (int) g_array_index (self->steps, Step, step - 1).seat;
}

const char *
parlor_replay_cursor_get_action (ParlorReplayCursor *self,
                                 guint               step)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (step <= self->steps->len, NULL);
  return step == 0 ? NULL : g_array_index (self->steps, Step, step - 1).line;
}

char *
parlor_replay_cursor_describe_step (ParlorReplayCursor *self,
                                    guint               step,
                                    int                 seat)
{
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) words = NULL;
  GString *out;
  int actor;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  g_return_val_if_fail (step <= self->steps->len, NULL);

  if (step == 0)
    return g_strdup (_("The start of the game"));
  actor = parlor_replay_cursor_get_actor (self, step);
  lines = parlor_replay_cursor_dup_events_between (self, step - 1, step, seat);
  words = g_ptr_array_new_with_free_func (g_free);
  add_words (self, words, lines, seat);
  if (words->len == 0)
    {
      if (actor < 0)
        return g_strdup (_("Your view changed"));
      if (actor == seat)
        return g_strdup (_("You made a move"));
      /* Translators: a move the reader cannot see, "Ann made a move" */
      return g_strdup_printf (_("%s made a move"), self->names[actor]);
    }
  out = g_string_new (g_ptr_array_index (words, 0));
  for (guint i = 1; i < words->len; i++)
    {
      /* Translators: what one move did, its parts joined: "You discard 5p; Ann pungs" */
      g_string_append (out, _("; "));
      g_string_append (out, g_ptr_array_index (words, i));
    }
  return g_string_free (out, FALSE);
}

int
parlor_replay_cursor_get_view_seat (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), -1);
  return self->view_seat;
}

gboolean
parlor_replay_cursor_is_over (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);

  if (self->game != NULL)
    return parlor_game_is_over (self->game);
  return self->result != NULL && self->step == self->steps->len;
}

const char *
parlor_replay_cursor_get_seen_result (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);
  return self->result;
}

gboolean
parlor_replay_cursor_is_unfinished (ParlorReplayCursor *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), FALSE);
  return self->view_seat >= 0 && self->result == NULL;
}

const char *
parlor_replay_cursor_get_move (ParlorReplayCursor *self,
                               guint               step)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);

  if (self->game != NULL || step >= self->moves->len)
    return NULL;
  return g_ptr_array_index (self->moves, step);
}

const char *
parlor_replay_cursor_get_seen_view (ParlorReplayCursor *self,
                                    guint               step)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (self), NULL);

  if (self->game != NULL || step >= self->views->len)
    return NULL;
  return g_ptr_array_index (self->views, step);
}
