/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-table"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "parlor-marshal.h"
#include "parlor-replay.h"
#include "parlor-table.h"

#define MAX_SEATS 8
#define AI_RETRIES 3
/* Stream of the table's own RNG, apart from the game's. */
#define TABLE_STREAM G_GUINT64_CONSTANT (0x7ab1e)

typedef struct
{
  ParlorSeatKind kind;
  char          *name;
  char          *level;
  int            seat;          /* asked for, or -1 for any */
} Player;

typedef struct
{
  ParlorSeatKind  kind;
  char           *name;
  char           *level;
  int             player;        /* index in players, -1 for a fill-in */
  guint           timer_id;
  gint64          deadline;
  GCancellable   *thinking;      /* non-NULL while an AI decides for this seat */
  guint           pace_id;
  char           *pending;       /* AI decision waiting for its pacing delay */
  guint           failures;
  gboolean        prompted;      /* the game waits for this seat */
  ParlorPromptKind prompt_kind;
  guint           serial;        /* of the open prompt, counted per seat so
                                  * it says nothing of other seats' prompts */
  gboolean        automatic;     /* waited for, but its only answer is played
                                  * by the table (nothing to claim): not asked */
  gint64          remaining;     /* of the time limit, while paused */
  char           *held;          /* a player's answer that would close a claim
                                  * window before its least time: played then */
} Seat;

/* Who played each action, and whether the table played it for the seat
 * (an automatic answer): undo goes back to a seat's own decisions only. */
typedef struct
{
  guint8 seat;
  guint8 automatic;
} Move;

/* An action of a record that start() plays again. */
typedef struct
{
  guint  seat;
  char  *line;
  gboolean timed_out;
} Step;

struct _ParlorTable
{
  GObject               parent_instance;

  const ParlorGameInfo *info;
  ParlorGame           *game;
  char                 *config;
  char                 *game_record;   /* the replay's `game` record, checked at creation */
  guint64               seed;
  ParlorRng             rng;

  GPtrArray            *players;
  Seat                  seats[MAX_SEATS];
  guint                 n_seats;
  char                 *default_level;
  guint                 time_limits[PARLOR_N_PROMPT_KINDS];
  guint                 ai_delay;
  guint                 claim_minimum;  /* ms a claim window stays open at least */
  gint64                window_opened;  /* monotonic µs, while a claim window is open */
  gboolean              started;
  gboolean              over;
  gboolean              applying;
  gboolean              paused;
  guint                 automatic_id;   /* plays the seats' automatic answers and
                                         * the computers' claim answers held back */
  GPtrArray            *record;
  GArray               *steps;         /* Step: played again at the start */
  GArray               *moves;         /* Move: each action applied, in order */
};

G_DEFINE_FINAL_TYPE (ParlorTable, parlor_table, G_TYPE_OBJECT)

enum {
  EVENT,
  ACTION,
  CHANGED,
  SEAT_CHANGED,
  GAME_OVER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  const ParlorGameInfo *info;
  char                 *level;
  char                 *view;
  guint64               seed;
  guint                 seat;
  gint64                started;
  ParlorTable          *table;         /* not a reference: dispose cancels the job */
} AiJob;

static void     arm_timer (ParlorTable *self,
                           guint        index,
                           gint64       usec);
static gboolean schedule (ParlorTable *self,
                          int          acted);
static void     announce (ParlorTable *self,
                          int          acted);
static void     schedule_automatic (ParlorTable *self);

/* When the open claim window may close (monotonic µs). */
static gint64
window_closes (ParlorTable *self)
{
  return self->window_opened + (gint64) self->claim_minimum * 1000;
}

static void
ai_job_free (AiJob *job)
{
  g_free (job->level);
  g_free (job->view);
  g_free (job);
}

static void
step_clear (Step *step)
{
  g_free (step->line);
}

static void
player_free (Player *player)
{
  g_free (player->name);
  g_free (player->level);
  g_free (player);
}

static void
seat_stop (Seat *seat)
{
  g_clear_handle_id (&seat->timer_id, g_source_remove);
  g_clear_handle_id (&seat->pace_id, g_source_remove);
  g_clear_pointer (&seat->pending, g_free);
  g_clear_pointer (&seat->held, g_free);
  seat->deadline = 0;
  seat->remaining = 0;
  if (seat->thinking != NULL)
    {
      g_cancellable_cancel (seat->thinking);
      g_clear_object (&seat->thinking);
    }
}

static void
parlor_table_dispose (GObject *object)
{
  ParlorTable *self = PARLOR_TABLE (object);

  for (guint i = 0; i < MAX_SEATS; i++)
    seat_stop (&self->seats[i]);
  g_clear_handle_id (&self->automatic_id, g_source_remove);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (parlor_table_parent_class)->dispose (object);
}

static void
parlor_table_finalize (GObject *object)
{
  ParlorTable *self = PARLOR_TABLE (object);

  for (guint i = 0; i < MAX_SEATS; i++)
    {
      g_free (self->seats[i].name);
      g_free (self->seats[i].level);
    }
  g_ptr_array_unref (self->players);
  g_ptr_array_unref (self->record);
  g_clear_pointer (&self->steps, g_array_unref);
  g_array_unref (self->moves);
  g_free (self->config);
  g_free (self->game_record);
  g_free (self->default_level);

  G_OBJECT_CLASS (parlor_table_parent_class)->finalize (object);
}

static void
parlor_table_class_init (ParlorTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_table_dispose;
  object_class->finalize = parlor_table_finalize;

  /* Fired for every move: typed marshallers, and the strings are not copied
   * for each handler (they live through the emission). */
  signals[EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  parlor_marshal_VOID__UINT_STRING,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  g_signal_set_va_marshaller (signals[EVENT], G_TYPE_FROM_CLASS (klass),
                              parlor_marshal_VOID__UINT_STRINGv);
  signals[ACTION] =
    g_signal_new ("action", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  parlor_marshal_VOID__UINT_STRING_BOOLEAN,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_BOOLEAN);
  g_signal_set_va_marshaller (signals[ACTION], G_TYPE_FROM_CLASS (klass),
                              parlor_marshal_VOID__UINT_STRING_BOOLEANv);
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SEAT_CHANGED] =
    g_signal_new ("seat-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
parlor_table_init (ParlorTable *self)
{
  self->players = g_ptr_array_new_with_free_func ((GDestroyNotify) player_free);
  self->record = g_ptr_array_new_with_free_func (g_free);
  self->moves = g_array_new (FALSE, FALSE, sizeof (Move));
  for (guint i = 0; i < MAX_SEATS; i++)
    self->seats[i].player = -1;
}

/* The game's own lines are the game's to keep short: one that cannot be
 * written is left out with a warning, and verifying the replay names the gap. */
static void
record_line (ParlorTable *self,
             char        *record,
             GError      *error)
{
  if (record != NULL)
    g_ptr_array_add (self->record, record);
  else
    g_warning ("%s: a replay record is left out: %s", self->info->id, error->message);
}

static void
record_events (ParlorTable *self,
               GPtrArray   *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      g_autoptr(GError) error = NULL;
      char *record = parlor_replay_format_event (g_ptr_array_index (events, i), &error);

      record_line (self, record, error);
    }
}

static void
emit_events (ParlorTable *self,
             GPtrArray   *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (events, i);

      g_signal_emit (self, signals[EVENT], 0, event->audience, event->line);
    }
}

ParlorTable *
parlor_table_new (const ParlorGameInfo  *info,
                  const char            *config,
                  guint64                seed,
                  GError               **error)
{
  g_autoptr(ParlorTable) self = NULL;
  g_autofree char *game_record = NULL;
  ParlorGame *game;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The settings go into the replay as they are: a table whose replay
   * could not be read back is not opened. */
  game_record = parlor_replay_format_game_version (info->id, info->replay_version, seed, config, NULL);
  if (game_record == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The settings are too long"));
      return NULL;
    }

  game = info->new_game (config != NULL ? config : "", seed, error);
  if (game == NULL)
    return NULL;

  if (parlor_game_get_n_seats (game) < info->min_seats ||
      parlor_game_get_n_seats (game) > MIN (info->max_seats, MAX_SEATS))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("%s is played by %u to %u players"), _(info->name),
                   info->min_seats, MIN (info->max_seats, MAX_SEATS));
      g_object_unref (game);
      return NULL;
    }

  self = g_object_new (PARLOR_TYPE_TABLE, NULL);
  self->info = info;
  self->game = game;
  self->config = g_strdup (config != NULL ? config : "");
  self->game_record = g_steal_pointer (&game_record);
  self->seed = seed;
  self->n_seats = MIN (parlor_game_get_n_seats (game), MAX_SEATS);
  self->default_level = g_strdup (info->ai_levels != NULL ? info->ai_levels[0] : "");
  parlor_rng_init (&self->rng, seed, TABLE_STREAM);

  return g_steal_pointer (&self);
}

const ParlorGameInfo *
parlor_table_get_info (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  return self->info;
}

ParlorGame *
parlor_table_get_game (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  return self->game;
}

guint
parlor_table_get_n_seats (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), 0);
  return self->n_seats;
}

static gboolean
level_is_known (const ParlorGameInfo *info,
                const char           *level)
{
  if (level == NULL || info->ai_levels == NULL)
    return FALSE;
  return g_strv_contains (info->ai_levels, level);
}

guint
parlor_table_add_player (ParlorTable    *self,
                         ParlorSeatKind  kind,
                         const char     *name,
                         const char     *ai_level)
{
  return parlor_table_add_player_at (self, -1, kind, name, ai_level);
}

/* Like add_player(), but at @seat (-1: any free seat, chosen at the start). */
guint
parlor_table_add_player_at (ParlorTable    *self,
                            int             seat,
                            ParlorSeatKind  kind,
                            const char     *name,
                            const char     *ai_level)
{
  Player *player;

  g_return_val_if_fail (PARLOR_IS_TABLE (self), 0);
  g_return_val_if_fail (!self->started, 0);
  g_return_val_if_fail (self->players->len < self->n_seats, 0);
  g_return_val_if_fail (seat >= -1 && seat < (int) self->n_seats, 0);

  for (guint i = 0; i < self->players->len && seat >= 0; i++)
    g_return_val_if_fail (((Player *) g_ptr_array_index (self->players, i))->seat != seat, 0);

  player = g_new0 (Player, 1);
  player->seat = seat;
  player->kind = kind;
  player->name = parlor_text_sanitize (name != NULL ? name : "", 24);
  player->level = g_strdup (level_is_known (self->info, ai_level) ? ai_level : NULL);
  g_ptr_array_add (self->players, player);

  return self->players->len - 1;
}

int
parlor_table_get_player_seat (ParlorTable *self,
                              guint        player)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), -1);

  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].player == (int) player)
      return i;

  return -1;
}

void
parlor_table_set_default_ai_level (ParlorTable *self,
                                   const char  *level)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));

  if (level_is_known (self->info, level))
    {
      g_free (self->default_level);
      self->default_level = g_strdup (level);
    }
}

ParlorSeatKind
parlor_table_get_seat_kind (ParlorTable *self,
                            guint        seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), PARLOR_SEAT_AI);
  g_return_val_if_fail (seat < self->n_seats, PARLOR_SEAT_AI);
  return self->seats[seat].kind;
}

const char *
parlor_table_get_seat_name (ParlorTable *self,
                            guint        seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->seats[seat].name;
}

const char *
parlor_table_get_seat_replaced (ParlorTable *self,
                                guint        seat)
{
  Player *player;

  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);

  if (self->seats[seat].kind != PARLOR_SEAT_AI || self->seats[seat].player < 0)
    return NULL;
  player = g_ptr_array_index (self->players, self->seats[seat].player);
  return player->kind != PARLOR_SEAT_AI ? player->name : NULL;
}

const char *
parlor_table_get_seat_level (ParlorTable *self,
                             guint        seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->seats[seat].level != NULL ? self->seats[seat].level : self->default_level;
}

void
parlor_table_set_seat_kind (ParlorTable    *self,
                            guint           seat,
                            ParlorSeatKind  kind)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));
  g_return_if_fail (seat < self->n_seats);

  if (self->seats[seat].kind == kind)
    return;

  self->seats[seat].kind = kind;
  g_clear_handle_id (&self->seats[seat].pace_id, g_source_remove);
  g_clear_pointer (&self->seats[seat].pending, g_free);
  if (self->seats[seat].thinking != NULL)
    {
      g_cancellable_cancel (self->seats[seat].thinking);
      g_clear_object (&self->seats[seat].thinking);
    }
  g_signal_emit (self, signals[SEAT_CHANGED], 0, seat);
  if (self->started)
    schedule (self, -1);
}

void
parlor_table_set_time_limit (ParlorTable *self,
                             guint        seconds)
{
  parlor_table_set_prompt_time_limit (self, PARLOR_PROMPT_TURN, seconds);
}

guint
parlor_table_get_time_limit (ParlorTable *self)
{
  return parlor_table_get_prompt_time_limit (self, PARLOR_PROMPT_TURN);
}

void
parlor_table_set_prompt_time_limit (ParlorTable      *self,
                                    ParlorPromptKind  kind,
                                    guint             seconds)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));
  g_return_if_fail (kind < PARLOR_N_PROMPT_KINDS);
  self->time_limits[kind] = seconds;
}

guint
parlor_table_get_prompt_time_limit (ParlorTable      *self,
                                    ParlorPromptKind  kind)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), 0);
  g_return_val_if_fail (kind < PARLOR_N_PROMPT_KINDS, 0);
  return self->time_limits[kind];
}

void
parlor_table_set_ai_delay (ParlorTable *self,
                           guint        milliseconds)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));
  self->ai_delay = milliseconds;
}

void
parlor_table_set_claim_minimum (ParlorTable *self,
                                guint        milliseconds)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));
  self->claim_minimum = milliseconds;
}

guint
parlor_table_get_claim_minimum (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), 0);
  return self->claim_minimum;
}

gint64
parlor_table_get_deadline (ParlorTable *self,
                           guint        seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), 0);
  g_return_val_if_fail (seat < self->n_seats, 0);
  return self->seats[seat].deadline;
}

gboolean
parlor_table_get_prompt (ParlorTable      *self,
                         guint             seat,
                         ParlorPromptKind *kind,
                         guint            *serial)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  g_return_val_if_fail (seat < self->n_seats, FALSE);

  if (kind != NULL)
    *kind = self->seats[seat].prompt_kind;
  if (serial != NULL)
    *serial = self->seats[seat].prompted && self->seats[seat].held == NULL
              ? self->seats[seat].serial : 0;
  return self->seats[seat].prompted && self->seats[seat].held == NULL;
}

gboolean
parlor_table_is_started (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  return self->started;
}

gboolean
parlor_table_is_over (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  return self->over;
}

static const char *
kind_name (ParlorSeatKind kind)
{
  switch (kind)
    {
    case PARLOR_SEAT_LOCAL: return "local";
    case PARLOR_SEAT_AI: return "ai";
    case PARLOR_SEAT_REMOTE: return "remote";
    default: return "ai";
    }
}

/* Before @seat's action is applied: was it the table's to play? */
static void
add_move (ParlorTable *self,
          guint        seat)
{
  g_autofree char *automatic = parlor_game_get_automatic_action (self->game, seat);
  Move move = { seat, automatic != NULL };

  g_array_append_val (self->moves, move);
}

/* The actions of the record the table was made from, played again with
 * their events told as they come (observers rebuild their log), but
 * without "changed" (the position is announced once) and with "action"
 * only for a move the clock made. */
static void
play_steps (ParlorTable *self)
{
  if (self->steps == NULL)
    return;

  for (guint i = 0; i < self->steps->len && !parlor_game_is_over (self->game); i++)
    {
      Step *step = &g_array_index (self->steps, Step, i);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      char *record = parlor_replay_format_action (step->seat, step->line, step->timed_out, &error);

      /* new_from_record() has checked every step on a game of its own. */
      if (record == NULL)
        {
          g_debug ("the record's action “%s” cannot be kept: %s", step->line, error->message);
          break;
        }
      add_move (self, step->seat);
      if (!parlor_game_apply (self->game, step->seat, step->line, events, &error))
        {
          g_debug ("the record's action “%s” is refused: %s", step->line, error->message);
          g_array_set_size (self->moves, self->moves->len - 1);
          g_free (record);
          break;
        }
      g_ptr_array_add (self->record, record);
      record_events (self, events);
      /* A move the clock made is told again, as the log had it. */
      if (step->timed_out)
        g_signal_emit (self, signals[ACTION], 0, step->seat, step->line, TRUE);
      emit_events (self, events);
    }
  g_clear_pointer (&self->steps, g_array_unref);
}

gboolean
parlor_table_start (ParlorTable  *self,
                    GError      **error)
{
  g_autoptr(GPtrArray) events = NULL;
  guint order[MAX_SEATS];
  guint n_computers = 0;

  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);

  if (self->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The game has already started"));
      return FALSE;
    }

  /* Players take the seats in a random order from the match seed, except
   * those who asked for a seat. */
  for (guint i = 0; i < self->n_seats; i++)
    order[i] = i;
  parlor_rng_shuffle (&self->rng, order, self->n_seats, sizeof order[0]);
  for (guint i = 0; i < self->players->len; i++)
    {
      Player *player = g_ptr_array_index (self->players, i);

      if (player->seat < 0)
        continue;
      for (guint k = 0; k < self->n_seats; k++)
        if (order[k] == (guint) player->seat)
          {
            order[k] = order[i];
            order[i] = player->seat;
            break;
          }
    }

  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *seat = &self->seats[order[i]];

      if (i < self->players->len)
        {
          Player *player = g_ptr_array_index (self->players, i);

          seat->player = i;
          seat->kind = player->kind;
          seat->name = g_strdup (player->name[0] != '\0' ? player->name : _("Player"));
          seat->level = g_strdup (player->level);
        }
      else
        {
          seat->player = -1;
          seat->kind = PARLOR_SEAT_AI;
          seat->name = g_strdup_printf (_("Computer %u"), ++n_computers);
          seat->level = NULL;
        }
    }

  g_ptr_array_add (self->record, parlor_replay_format_header ());
  g_ptr_array_add (self->record, g_strdup (self->game_record));
  for (guint i = 0; i < self->n_seats; i++)
    {
      g_autoptr(GError) local_error = NULL;
      const char *level = self->seats[i].kind == PARLOR_SEAT_AI ? parlor_table_get_seat_level (self, i)
                                                                 : NULL;
      char *record = parlor_replay_format_seat (i, self->seats[i].name, kind_name (self->seats[i].kind),
                                                level, &local_error);

      record_line (self, record, local_error);
    }

  self->started = TRUE;
  events = parlor_event_array_new ();
  parlor_game_start (self->game, events);
  record_events (self, events);
  emit_events (self, events);
  play_steps (self);
  announce (self, -1);

  return TRUE;
}

static gboolean
apply_action (ParlorTable  *self,
              guint         seat,
              const char   *action,
              gboolean      timed_out,
              GError      **error)
{
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *record = NULL;

  if (!self->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("The game has not started yet"));
      return FALSE;
    }
  if (self->applying)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("Another move is being played"));
      return FALSE;
    }

  /* A move the replay could not hold is refused before it is played. */
  record = parlor_replay_format_action (seat, action, timed_out, NULL);
  if (record == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("The move is too long"));
      return FALSE;
    }

  {
    g_autofree char *automatic = parlor_game_get_automatic_action (self->game, seat);
    Move move = { seat, automatic != NULL };

    if (!parlor_game_apply (self->game, seat, action, events, error))
      return FALSE;
    g_array_append_val (self->moves, move);
  }

  self->applying = TRUE;
  self->seats[seat].failures = 0;
  seat_stop (&self->seats[seat]);

  g_ptr_array_add (self->record, g_steal_pointer (&record));
  record_events (self, events);

  g_signal_emit (self, signals[ACTION], 0, seat, action, timed_out);
  emit_events (self, events);
  self->applying = FALSE;

  announce (self, seat);

  return TRUE;
}

static gboolean
same_line (const char *a,
           const char *b)
{
  g_autoptr(ParlorLine) la = parlor_line_parse (a, NULL);
  g_autoptr(ParlorLine) lb = parlor_line_parse (b, NULL);
  g_autofree char *sa = la != NULL ? parlor_line_to_string (la, NULL) : NULL;
  g_autofree char *sb = lb != NULL ? parlor_line_to_string (lb, NULL) : NULL;

  return sa != NULL && g_strcmp0 (sa, sb) == 0;
}

/* A player's legal answer that would close a claim window before its
 * least time (every other seat has answered) is kept, and played when the
 * time is up (on_automatic); the seat's prompt closes at once. */
static gboolean
hold_answer (ParlorTable *self,
             guint        seat,
             const char  *action)
{
  Seat *s = &self->seats[seat];
  g_autoptr(GPtrArray) legal = NULL;
  gboolean ok = FALSE;

  if (self->claim_minimum == 0 || self->window_opened == 0 || !self->started || self->over ||
      self->applying || !s->prompted || s->prompt_kind != PARLOR_PROMPT_CLAIM ||
      parlor_game_get_waiting (self->game) != PARLOR_AUDIENCE_SEAT (seat) ||
      g_get_monotonic_time () >= window_closes (self))
    return FALSE;
  legal = parlor_game_legal_actions (self->game, seat);
  for (guint i = 0; legal != NULL && i < legal->len && !ok; i++)
    ok = same_line (g_ptr_array_index (legal, i), action);
  if (!ok)
    return FALSE;

  g_clear_handle_id (&s->timer_id, g_source_remove);
  s->deadline = 0;
  s->remaining = 0;
  s->held = g_strdup (action);
  schedule_automatic (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
parlor_table_submit (ParlorTable  *self,
                     guint         seat,
                     const char   *action,
                     GError      **error)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (seat >= self->n_seats)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                   _("There is no seat %u at this table"), seat);
      return FALSE;
    }
  if (self->seats[seat].held != NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_STALE,
                           _("That move answers a question that has already closed"));
      return FALSE;
    }
  if (hold_answer (self, seat, action))
    return TRUE;

  return apply_action (self, seat, action, FALSE, error);
}

gboolean
parlor_table_submit_prompt (ParlorTable  *self,
                            guint         seat,
                            guint         serial,
                            const char   *action,
                            GError      **error)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (serial != 0 && seat < self->n_seats && self->started && !self->over &&
      (!self->seats[seat].prompted || self->seats[seat].serial != serial))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_STALE,
                           _("That move answers a question that has already closed"));
      return FALSE;
    }

  return parlor_table_submit (self, seat, action, error);
}

typedef struct
{
  ParlorTable *table;
  guint        seat;
} SeatRef;

static gboolean
on_time_out (gpointer data)
{
  SeatRef *ref = data;
  ParlorTable *self = ref->table;
  Seat *seat = &self->seats[ref->seat];
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;

  seat->timer_id = 0;
  seat->deadline = 0;

  action = parlor_game_default_action (self->game, ref->seat, &self->rng);
  if (action == NULL)
    return G_SOURCE_REMOVE;

  g_debug ("seat %u ran out of time, playing “%s”", ref->seat, action);
  if (!apply_action (self, ref->seat, action, TRUE, &error))
    g_warning ("A legal action was refused: %s", error->message);

  return G_SOURCE_REMOVE;
}

static void
submit_ai (ParlorTable *self,
           guint        seat_index,
           const char  *action)
{
  g_autoptr(GError) error = NULL;
  Seat *seat = &self->seats[seat_index];

  if (apply_action (self, seat_index, action, FALSE, &error))
    return;

  /* The view the AI saw may be stale; think again, then give up to chance. */
  g_debug ("computer move “%s” refused: %s", action, error->message);
  if (++seat->failures >= AI_RETRIES)
    {
      g_autofree char *fallback = parlor_game_default_action (self->game, seat_index, &self->rng);

      if (fallback != NULL)
        apply_action (self, seat_index, fallback, FALSE, NULL);
      return;
    }
  schedule (self, -1);
}

static gboolean
on_pace_done (gpointer data)
{
  SeatRef *ref = data;
  Seat *seat = &ref->table->seats[ref->seat];
  g_autofree char *action = g_steal_pointer (&seat->pending);

  seat->pace_id = 0;
  if (action != NULL)
    submit_ai (ref->table, ref->seat, action);

  return G_SOURCE_REMOVE;
}

static void
ai_thread (GTask        *task,
           gpointer      source_object,
           gpointer      task_data,
           GCancellable *cancellable)
{
  AiJob *job = task_data;
  GError *error = NULL;
  char *action;

  action = job->info->ai_choose (job->level, job->view, job->seed, cancellable, &error);
  if (action == NULL)
    g_task_return_error (task, error != NULL ? error :
                         g_error_new_literal (PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                                              _("The computer player found no move")));
  else
    g_task_return_pointer (task, action, g_free);
}

static void
ai_done (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = G_TASK (result);
  AiJob *job = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *action = g_task_propagate_pointer (task, &error);
  ParlorTable *self;
  Seat *seat;
  gint64 elapsed_ms;

  /* A cancelled job's table may be gone: touch nothing. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = job->table;
  seat = &self->seats[job->seat];
  if (g_task_get_cancellable (task) != seat->thinking)
    return;

  g_clear_object (&seat->thinking);

  if (action == NULL)
    {
      g_debug ("computer player failed: %s", error->message);
      action = parlor_game_default_action (self->game, job->seat, &self->rng);
      if (action == NULL)
        return;
    }

  elapsed_ms = (g_get_monotonic_time () - job->started) / 1000;
  if (self->paused)
    {
      seat->pending = g_steal_pointer (&action);
      return;
    }
  /* A claim answer is held until the window's least time is up, and
   * then played with the table's own answers (on_automatic). */
  if (seat->prompt_kind == PARLOR_PROMPT_CLAIM && self->claim_minimum > 0 &&
      g_get_monotonic_time () < window_closes (self))
    {
      seat->pending = g_steal_pointer (&action);
      schedule_automatic (self);
      return;
    }
  /* Only turns are paced: a claim answer goes in as soon as it is
   * decided. A pass shows nothing, and a pause only when a computer player
   * could claim would tell everyone that it could. */
  if (self->ai_delay > elapsed_ms && seat->prompt_kind == PARLOR_PROMPT_TURN)
    {
      SeatRef *ref = g_new (SeatRef, 1);

      ref->table = self;
      ref->seat = job->seat;
      seat->pending = g_steal_pointer (&action);
      seat->pace_id = g_timeout_add_full (G_PRIORITY_DEFAULT, self->ai_delay - elapsed_ms,
                                          on_pace_done, ref, g_free);
      return;
    }

  submit_ai (self, job->seat, action);
}

static void
start_thinking (ParlorTable *self,
                guint        seat_index)
{
  Seat *seat = &self->seats[seat_index];
  g_autoptr(GTask) task = NULL;
  AiJob *job;

  job = g_new0 (AiJob, 1);
  job->info = self->info;
  job->level = g_strdup (parlor_table_get_seat_level (self, seat_index));
  job->view = parlor_game_view_for (self->game, seat_index);
  job->seed = parlor_rng_next64 (&self->rng);
  job->seat = seat_index;
  job->started = g_get_monotonic_time ();
  job->table = self;

  /* No source object: a job must not keep its table alive. */
  seat->thinking = g_cancellable_new ();
  task = g_task_new (NULL, seat->thinking, ai_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) ai_job_free);
  g_task_run_in_thread (task, ai_thread);
}

/* Arms the timers and computer players for the seats the game now waits
 * for; returns TRUE when the game has just ended. */
static gboolean
schedule (ParlorTable *self,
          int          acted)
{
  guint32 waiting;

  if (self->over)
    return FALSE;

  if (parlor_game_is_over (self->game))
    {
      g_autofree char *result = parlor_game_get_result (self->game);
      g_autoptr(GError) error = NULL;
      char *record;

      self->over = TRUE;
      g_clear_handle_id (&self->automatic_id, g_source_remove);
      for (guint i = 0; i < self->n_seats; i++)
        {
          seat_stop (&self->seats[i]);
          self->seats[i].automatic = FALSE;
        }
      record = parlor_replay_format_result (result != NULL ? result : "", &error);
      record_line (self, record, error);
      return TRUE;
    }

  waiting = parlor_game_get_waiting (self->game);
  {
    gboolean claim = FALSE;

    for (guint i = 0; i < self->n_seats; i++)
      if ((waiting & PARLOR_AUDIENCE_SEAT (i)) != 0 &&
          parlor_game_get_prompt_kind (self->game, i) == PARLOR_PROMPT_CLAIM)
        claim = TRUE;
    if (!claim)
      self->window_opened = 0;
    else if (self->window_opened == 0)
      self->window_opened = g_get_monotonic_time ();
  }
  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *seat = &self->seats[i];
      g_autofree char *automatic = NULL;
      ParlorPromptKind kind;
      guint limit;

      seat->automatic = FALSE;
      if ((waiting & PARLOR_AUDIENCE_SEAT (i)) == 0)
        {
          seat_stop (seat);
          seat->prompted = FALSE;
          continue;
        }

      if (seat->held != NULL)
        continue;

      /* Nothing to claim: the seat is not asked (no prompt, no clock, no
       * computer thinking) and the table answers for it once the lines of
       * this move have gone out, as fast as for a seat that could claim. */
      automatic = parlor_game_get_automatic_action (self->game, i);
      if (automatic != NULL)
        {
          seat_stop (seat);
          seat->prompted = FALSE;
          seat->automatic = TRUE;
          schedule_automatic (self);
          continue;
        }

      /* A new prompt (the seat was not asked, has just answered, or is now
       * asked something else) gets a new serial, deadline and decision. */
      kind = parlor_game_get_prompt_kind (self->game, i);
      if (!seat->prompted || seat->prompt_kind != kind || (int) i == acted)
        {
          seat_stop (seat);
          seat->prompted = TRUE;
          seat->prompt_kind = kind;
          seat->serial++;
        }
      limit = self->time_limits[kind];

      if (seat->kind == PARLOR_SEAT_AI)
        {
          g_clear_handle_id (&seat->timer_id, g_source_remove);
          seat->deadline = 0;
          if (seat->thinking == NULL && seat->pace_id == 0 && seat->pending == NULL)
            start_thinking (self, i);
        }
      else if (limit > 0 && self->paused)
        {
          if (seat->remaining == 0)
            seat->remaining = (gint64) limit * G_USEC_PER_SEC;
        }
      else if (limit > 0 && seat->timer_id == 0)
        arm_timer (self, i, (gint64) limit * G_USEC_PER_SEC);
    }
  return FALSE;
}

/* Plays the automatic answers due when the source was added, in seat
 * order, then the computers' claim answers held back for the window's
 * least time. Each is recorded as the seat's action like any other. */
static gboolean
on_automatic (gpointer data)
{
  ParlorTable *self = data;
  guint32 due = 0, held = 0;

  self->automatic_id = 0;
  if (self->over || self->paused)
    return G_SOURCE_REMOVE;
  /* A timeout may come a little early. */
  if (self->claim_minimum > 0 && self->window_opened != 0 &&
      g_get_monotonic_time () < window_closes (self))
    {
      schedule_automatic (self);
      return G_SOURCE_REMOVE;
    }

  for (guint i = 0; i < self->n_seats; i++)
    {
      if (self->seats[i].automatic)
        due |= PARLOR_AUDIENCE_SEAT (i);
      if (self->seats[i].pending != NULL && self->seats[i].pace_id == 0 &&
          self->seats[i].prompt_kind == PARLOR_PROMPT_CLAIM)
        held |= PARLOR_AUDIENCE_SEAT (i);
    }
  for (guint i = 0; i < self->n_seats && !self->over; i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GError) error = NULL;

      if ((due & PARLOR_AUDIENCE_SEAT (i)) == 0 || !self->seats[i].automatic)
        continue;
      action = parlor_game_get_automatic_action (self->game, i);
      if (action != NULL && !apply_action (self, i, action, FALSE, &error))
        g_warning ("An automatic answer was refused: %s", error->message);
    }
  for (guint i = 0; i < self->n_seats && !self->over; i++)
    {
      g_autofree char *action = NULL;

      if ((held & PARLOR_AUDIENCE_SEAT (i)) == 0 || self->seats[i].pace_id != 0)
        continue;
      action = g_steal_pointer (&self->seats[i].pending);
      if (action != NULL)
        submit_ai (self, i, action);
    }
  for (guint i = 0; i < self->n_seats && !self->over; i++)
    {
      g_autofree char *action = g_steal_pointer (&self->seats[i].held);
      g_autoptr(GError) error = NULL;

      if (action != NULL && !apply_action (self, i, action, FALSE, &error))
        g_warning ("A held answer was refused: %s", error->message);
    }

  return G_SOURCE_REMOVE;
}

static gboolean
dispatch_when_ready (GSource     *source,
                     GSourceFunc  callback,
                     gpointer     data)
{
  return callback (data);
}

static GSourceFuncs ready_source_funcs = { NULL, NULL, dispatch_when_ready, NULL, NULL, NULL };

/* An idle source, so the lines queued by the move that opened the window
 * are written first (they leave at default priority), and a window never
 * closes in the main-loop turn it opened in, whoever could claim. With a
 * least window time, a source at the same low priority ready when it is
 * up, to the microsecond whenever it was made (a timeout counts whole
 * milliseconds from when it is added, which would tell). */
static void
schedule_automatic (ParlorTable *self)
{
  GSource *source;

  if (self->automatic_id != 0 || self->paused)
    return;
  if (self->claim_minimum == 0 || self->window_opened == 0 ||
      window_closes (self) <= g_get_monotonic_time ())
    {
      self->automatic_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, on_automatic, self, NULL);
      return;
    }
  source = g_source_new (&ready_source_funcs, sizeof (GSource));
  g_source_set_ready_time (source, window_closes (self));
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (source, on_automatic, self, NULL);
  g_source_set_name (source, "[parlor] claim window");
  self->automatic_id = g_source_attach (source, NULL);
  g_source_unref (source);
}

/* Observers hear of a change once the timers for the new state run, so a
 * deadline read in "changed" is the new one. */
static void
announce (ParlorTable *self,
          int          acted)
{
  gboolean ended = schedule (self, acted);

  g_signal_emit (self, signals[CHANGED], 0);
  if (ended)
    {
      g_autofree char *result = parlor_game_get_result (self->game);

      g_signal_emit (self, signals[GAME_OVER], 0, result != NULL ? result : "");
    }
}

char *
parlor_table_view_for (ParlorTable *self,
                       int          seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  return parlor_game_view_for (self->game, seat);
}

GPtrArray *
parlor_table_get_record (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  return self->record;
}

static void
arm_timer (ParlorTable *self,
           guint        index,
           gint64       usec)
{
  SeatRef *ref = g_new (SeatRef, 1);
  Seat *seat = &self->seats[index];

  ref->table = self;
  ref->seat = index;
  seat->deadline = g_get_monotonic_time () + usec;
  seat->timer_id = g_timeout_add_full (G_PRIORITY_DEFAULT, MAX (usec / 1000, 1),
                                       on_time_out, ref, g_free);
}

/* While paused no clock runs and no computer move is played; the time
 * left to each seat is kept for when the game goes on. */
void
parlor_table_set_paused (ParlorTable *self,
                         gboolean     paused)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (PARLOR_IS_TABLE (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;

  if (paused)
    g_clear_handle_id (&self->automatic_id, g_source_remove);
  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *seat = &self->seats[i];

      if (paused)
        {
          if (seat->timer_id != 0)
            {
              seat->remaining = MAX (seat->deadline - now, 1);
              g_clear_handle_id (&seat->timer_id, g_source_remove);
              seat->deadline = 0;
            }
          g_clear_handle_id (&seat->pace_id, g_source_remove);
        }
      else
        {
          if (seat->automatic || seat->held != NULL)
            schedule_automatic (self);
          if (seat->remaining > 0 && seat->timer_id == 0 && seat->kind != PARLOR_SEAT_AI)
            arm_timer (self, i, seat->remaining);
          seat->remaining = 0;
          if (seat->pending != NULL && seat->pace_id == 0 && self->claim_minimum > 0 &&
              seat->prompt_kind == PARLOR_PROMPT_CLAIM)
            schedule_automatic (self);
          else if (seat->pending != NULL && seat->pace_id == 0)
            {
              SeatRef *ref = g_new (SeatRef, 1);

              ref->table = self;
              ref->seat = i;
              seat->pace_id = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                                  seat->prompt_kind == PARLOR_PROMPT_TURN
                                                    ? self->ai_delay : 0,
                                                  on_pace_done, ref, g_free);
            }
        }
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
parlor_table_is_paused (ParlorTable *self)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), FALSE);
  return self->paused;
}

void
parlor_table_stop (ParlorTable *self)
{
  g_return_if_fail (PARLOR_IS_TABLE (self));

  self->over = TRUE;
  g_clear_handle_id (&self->automatic_id, g_source_remove);
  for (guint i = 0; i < self->n_seats; i++)
    seat_stop (&self->seats[i]);
}

static gboolean
record_error (GError    **error,
              const char *message)
{
  g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX, message);
  return FALSE;
}

static gboolean
kind_from_name (const char     *name,
                ParlorSeatKind *kind)
{
  if (g_strcmp0 (name, "local") == 0)
    *kind = PARLOR_SEAT_LOCAL;
  else if (g_strcmp0 (name, "ai") == 0)
    *kind = PARLOR_SEAT_AI;
  else if (g_strcmp0 (name, "remote") == 0)
    *kind = PARLOR_SEAT_REMOTE;
  else
    return FALSE;
  return TRUE;
}

/* Reads the seats and the actions of the record's one game into a new
 * table; the events are the engine's to make again. */
static ParlorTable *
table_from_lines (const ParlorGameInfo *info,
                  const char * const   *records,
                  guint                 n_records,
                  int                   n_actions,
                  GError              **error)
{
  g_autoptr(ParlorTable) self = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, TRUE, sizeof (Step));
  guint seats_seen = 0;
  guint first = 0;

  g_array_set_clear_func (steps, (GDestroyNotify) step_clear);

  while (first < n_records && *records[first] == '\0')
    first++;
  if (first >= n_records ||
      !g_str_equal (records[first], "replay version=" G_STRINGIFY (PARLOR_REPLAY_VERSION)))
    return record_error (error, _("The saved game is from another version of Parlor")), NULL;

  for (guint i = first + 1; i < n_records; i++)
    {
      g_autoptr(ParlorLine) line = NULL;
      g_autoptr(GError) local_error = NULL;
      const char *type;

      if (*records[i] == '\0')
        continue;
      line = parlor_line_parse (records[i], &local_error);
      if (line == NULL)
        return record_error (error, _("The saved game cannot be read")), NULL;
      type = parlor_line_get_type (line);

      if (g_str_equal (type, "game"))
        {
          guint64 seed;
          gint64 version;

          if (self != NULL)
            return record_error (error, _("The saved game holds more than one game")), NULL;
          if (g_strcmp0 (parlor_line_get (line, "id"), info->id) != 0)
            {
              g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
                                   _("The saved game is of another game"));
              return NULL;
            }
          if (!g_ascii_string_to_unsigned (parlor_line_get (line, "seed") != NULL
                                             ? parlor_line_get (line, "seed") : "",
                                           10, 0, G_MAXUINT64, &seed, NULL))
            return record_error (error, _("The saved game cannot be read")), NULL;
          /* The game's own replay version (1 when not given): this one's, or
           * an older one that records the same actions. */
          if (!parlor_line_get_int (line, "version", 1, G_MAXINT, &version, NULL))
            version = parlor_line_has (line, "version") ? 0 : 1;
          if (version > MAX (info->replay_version, 1) ||
              version < MAX (info->answers_recorded_since, 1))
            return record_error (error,
                                 _("The saved game is from another version of Parlor")), NULL;
          self = parlor_table_new (info, parlor_line_get (line, "config"), seed, error);
          if (self == NULL)
            return NULL;
        }
      else if (self == NULL)
        return record_error (error, _("The saved game cannot be read")), NULL;
      else if (g_str_equal (type, "seat"))
        {
          gint64 index;
          ParlorSeatKind kind;

          if (!parlor_line_get_int (line, "index", 0, self->n_seats - 1, &index, NULL) ||
              (seats_seen & (1u << index)) != 0 || self->players->len != index ||
              !kind_from_name (parlor_line_get (line, "kind"), &kind))
            return record_error (error, _("The saved game cannot be read")), NULL;
          seats_seen |= 1u << index;
          parlor_table_add_player_at (self, index, kind, parlor_line_get (line, "name"),
                                      parlor_line_get (line, "level"));
        }
      else if (g_str_equal (type, "action"))
        {
          Step step = { 0 };
          gint64 seat;

          if (n_actions >= 0 && steps->len >= (guint) n_actions)
            break;
          if (!parlor_line_get_int (line, "seat", 0, self->n_seats - 1, &seat, NULL) ||
              parlor_line_get (line, "line") == NULL || self->players->len != self->n_seats)
            return record_error (error, _("The saved game cannot be read")), NULL;
          step.seat = seat;
          step.line = g_strdup (parlor_line_get (line, "line"));
          step.timed_out = parlor_line_has (line, "timeout");
          g_array_append_val (steps, step);
        }
      else if (!g_str_equal (type, "event") && !g_str_equal (type, "result"))
        return record_error (error, _("The saved game cannot be read")), NULL;
    }

  if (self == NULL || self->players->len != self->n_seats)
    return record_error (error, _("The saved game cannot be read")), NULL;
  self->steps = g_steal_pointer (&steps);
  return g_steal_pointer (&self);
}

/* Every step must be one the engine takes, in a game of its own, so a
 * record from other rules is refused before anyone sees it. */
static gboolean
check_steps (ParlorTable  *self,
             GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(ParlorGame) game = self->info->new_game (self->config, self->seed, &local_error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  if (game == NULL)
    return record_error (error, local_error->message);
  parlor_game_start (game, events);
  for (guint i = 0; i < self->steps->len; i++)
    {
      Step *step = &g_array_index (self->steps, Step, i);

      g_ptr_array_set_size (events, 0);
      if (parlor_game_is_over (game) ||
          !parlor_game_apply (game, step->seat, step->line, events, NULL))
        {
          g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_MISMATCH,
                               _("The saved game does not follow this version’s rules"));
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * parlor_table_new_from_record:
 * @records: (array length=n_records): a replay of one game of @info
 * @n_actions: how many of its actions to play again, -1 for all
 *
 * A table that seats the players the record names, in the same seats,
 * with the same kinds, names and levels, and that plays the record's first
 * @n_actions actions again when it starts, telling the events as they come
 * (and "action" only for a move the clock made), then goes on as any table. The record's events are
 * the engine's to make again; a record whose actions the engine refuses
 * fails with %PARLOR_REPLAY_ERROR_MISMATCH.
 */
ParlorTable *
parlor_table_new_from_record (const ParlorGameInfo *info,
                              const char * const   *records,
                              guint                 n_records,
                              int                   n_actions,
                              GError              **error)
{
  g_autoptr(ParlorTable) self = NULL;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (records != NULL || n_records == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = table_from_lines (info, records, n_records, n_actions, error);
  if (self == NULL || !check_steps (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* How many actions came before @seat's last decision of its own (not an
 * answer the table played for it), or -1. */
int
parlor_table_get_undo_point (ParlorTable *self,
                             guint        seat)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), -1);

  for (guint i = self->moves->len; i > 0; i--)
    {
      Move *move = &g_array_index (self->moves, Move, i - 1);

      if (move->seat == seat && !move->automatic)
        return i - 1;
    }
  return -1;
}

/**
 * parlor_table_undo:
 *
 * A new table, not started, where @seat is back at its last decision:
 * the same config, seed and seats, the actions before that decision
 * played again, the same time limits and computer delay. NULL (error set)
 * when @seat has made no move yet.
 */
ParlorTable *
parlor_table_undo (ParlorTable  *self,
                   guint         seat,
                   GError      **error)
{
  ParlorTable *undone;
  int point;

  g_return_val_if_fail (PARLOR_IS_TABLE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  point = self->started ? parlor_table_get_undo_point (self, seat) : -1;
  if (point < 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("There is no move to undo"));
      return NULL;
    }
  undone = parlor_table_new_from_record (self->info, (const char * const *) self->record->pdata,
                                         self->record->len, point, error);
  if (undone == NULL)
    return NULL;
  memcpy (undone->time_limits, self->time_limits, sizeof self->time_limits);
  undone->ai_delay = self->ai_delay;
  undone->claim_minimum = self->claim_minimum;
  g_free (undone->default_level);
  undone->default_level = g_strdup (self->default_level);
  return undone;
}

/* The kind a player joined as (a table made from a record has player i in
 * seat i, so this finds the record's local seat before the start). */
ParlorSeatKind
parlor_table_get_player_kind (ParlorTable *self,
                              guint        player)
{
  g_return_val_if_fail (PARLOR_IS_TABLE (self), PARLOR_SEAT_AI);
  g_return_val_if_fail (player < self->players->len, PARLOR_SEAT_AI);
  return ((Player *) g_ptr_array_index (self->players, player))->kind;
}
