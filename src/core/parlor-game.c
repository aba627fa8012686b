/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-secret.h"

G_DEFINE_QUARK (parlor-game-error-quark, parlor_game_error)

ParlorLine *
parlor_game_parse_action (const char  *action,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  ParlorLine *line = parlor_line_parse (action, &local_error);

  if (line == NULL)
    g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                 _("Unreadable action: %s"), local_error->message);
  return line;
}

ParlorLine *
parlor_game_parse_seat_action (const char  *action,
                               guint        seat,
                               guint        n_seats,
                               GError     **error)
{
  if (seat >= n_seats)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                   _("There is no seat %u at this table"), seat);
      return NULL;
    }
  return parlor_game_parse_action (action, error);
}

gboolean
parlor_game_check_asked (gboolean   asked,
                         GError   **error)
{
  if (!asked)
    g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                         _("This seat has nothing to decide"));
  return asked;
}

const char *
parlor_game_seat_name (const char * const *names,
                       guint64             seat)
{
  if (names == NULL)
    return NULL;
  for (guint64 i = 0; i < seat; i++)
    if (names[i] == NULL)
      return NULL;
  return names[seat];
}

char *
parlor_game_player_name (const char * const *names,
                         guint64             seat)
{
  const char *name = parlor_game_seat_name (names, seat);

  if (name != NULL)
    return g_strdup (name);
  return g_strdup_printf (_("Player %u"), (guint) seat + 1);
}

G_DEFINE_INTERFACE (ParlorGame, parlor_game, G_TYPE_OBJECT)

static void
parlor_game_default_init (ParlorGameInterface *iface)
{
}

ParlorEvent *
parlor_event_new (guint32     audience,
                  const char *line)
{
  g_return_val_if_fail (line != NULL, NULL);

  return parlor_event_new_take (audience, g_strdup (line));
}

ParlorEvent *
parlor_event_new_take (guint32  audience,
                       char    *line)
{
  ParlorEvent *event;

  g_return_val_if_fail (line != NULL, NULL);

  event = g_new (ParlorEvent, 1);
  event->line = line;
  event->audience = audience;

  return event;
}

void
parlor_event_free (ParlorEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->line);
  g_free (event);
}

GPtrArray *
parlor_event_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_event_free);
}

void
parlor_emit (GPtrArray  *events,
             guint32     audience,
             const char *format,
             ...)
{
  va_list args;

  g_return_if_fail (format != NULL);

  if (events == NULL)
    return;
  va_start (args, format);
  g_ptr_array_add (events, parlor_event_new_take (audience, g_strdup_vprintf (format, args)));
  va_end (args);
}

const ParlorGameInfo *
parlor_game_get_info (ParlorGame *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  return PARLOR_GAME_GET_IFACE (self)->get_info (self);
}

guint
parlor_game_get_n_seats (ParlorGame *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), 0);
  return PARLOR_GAME_GET_IFACE (self)->get_n_seats (self);
}

void
parlor_game_start (ParlorGame *self,
                   GPtrArray  *events)
{
  g_return_if_fail (PARLOR_IS_GAME (self));
  g_return_if_fail (events != NULL);
  PARLOR_GAME_GET_IFACE (self)->start (self, events);
}

guint32
parlor_game_get_waiting (ParlorGame *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), 0);
  return PARLOR_GAME_GET_IFACE (self)->get_waiting (self);
}

gboolean
parlor_game_is_waiting_for (ParlorGame *self,
                            guint       seat)
{
  g_return_val_if_fail (seat < 32, FALSE);
  return (parlor_game_get_waiting (self) & PARLOR_AUDIENCE_SEAT (seat)) != 0;
}

gboolean
parlor_game_is_over (ParlorGame *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), TRUE);
  return PARLOR_GAME_GET_IFACE (self)->is_over (self);
}

/* Returns an array of action lines (char *), empty when the seat need not act. */
GPtrArray *
parlor_game_legal_actions (ParlorGame *self,
                           guint       seat)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  return PARLOR_GAME_GET_IFACE (self)->legal_actions (self, seat);
}

/* On error the game is untouched and nothing is appended to @events. */
gboolean
parlor_game_apply (ParlorGame  *self,
                   guint        seat,
                   const char  *action,
                   GPtrArray   *events,
                   GError     **error)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (events != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return PARLOR_GAME_GET_IFACE (self)->apply (self, seat, action, events, error);
}

/* @seat -1 gives the public view (what a spectator may know). */
char *
parlor_game_view_for (ParlorGame *self,
                      int         seat)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  return PARLOR_GAME_GET_IFACE (self)->view_for (self, seat);
}

/* A result line once the game is over (scores, ranks), else NULL. */
char *
parlor_game_get_result (ParlorGame *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  return PARLOR_GAME_GET_IFACE (self)->get_result (self);
}

char *
parlor_game_random_action (ParlorGame *self,
                           guint       seat,
                           ParlorRng  *rng)
{
  g_autoptr(GPtrArray) actions = NULL;

  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (rng != NULL, NULL);

  actions = parlor_game_legal_actions (self, seat);
  if (actions == NULL || actions->len == 0)
    return NULL;

  return g_strdup (g_ptr_array_index (actions, parlor_rng_below (rng, actions->len)));
}

ParlorPromptKind
parlor_game_get_prompt_kind (ParlorGame *self,
                             guint       seat)
{
  ParlorGameInterface *iface;

  g_return_val_if_fail (PARLOR_IS_GAME (self), PARLOR_PROMPT_TURN);

  iface = PARLOR_GAME_GET_IFACE (self);
  if (iface->get_prompt_kind == NULL)
    return PARLOR_PROMPT_TURN;
  return iface->get_prompt_kind (self, seat);
}

/* The action played for @seat when its time runs out, or NULL if it need not act. */
char *
parlor_game_default_action (ParlorGame *self,
                            guint       seat,
                            ParlorRng  *rng)
{
  ParlorGameInterface *iface;

  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (rng != NULL, NULL);

  iface = PARLOR_GAME_GET_IFACE (self);
  if (iface->default_action == NULL)
    return parlor_game_random_action (self, seat, rng);
  return iface->default_action (self, seat, rng);
}

/*
 * The answer @seat gives without being asked: a claim prompt whose only
 * legal answer is one action (a seat with nothing to claim may only pass).
 * The table driver plays it for any seat, human or computer, once what the
 * last move showed has gone out, so a claim window looks the same to every
 * seat whether or not anyone could claim. NULL when the seat has a choice,
 * is asked for its own move, or is not waited for.
 */
char *
parlor_game_get_automatic_action (ParlorGame *self,
                                  guint       seat)
{
  g_autoptr(GPtrArray) actions = NULL;

  g_return_val_if_fail (PARLOR_IS_GAME (self), NULL);

  if (!parlor_game_is_waiting_for (self, seat) ||
      parlor_game_get_prompt_kind (self, seat) != PARLOR_PROMPT_CLAIM)
    return NULL;
  actions = parlor_game_legal_actions (self, seat);
  if (actions == NULL || actions->len != 1)
    return NULL;
  return g_strdup (g_ptr_array_index (actions, 0));
}

/*
 * Plays every automatic action (parlor_game_get_automatic_action) until no
 * seat has one, as the table does and as a reader of a replay that does not
 * record them must; their events go to @events (NULL: dropped). On failure
 * *@action is the answer the game refused, for the caller's message.
 */
gboolean
parlor_game_play_automatic (ParlorGame  *self,
                            GPtrArray   *events,
                            char       **action,
                            GError     **error)
{
  gboolean played = TRUE;

  g_return_val_if_fail (PARLOR_IS_GAME (self), FALSE);

  while (played && !parlor_game_is_over (self))
    {
      played = FALSE;
      for (guint s = 0; s < parlor_game_get_n_seats (self); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (self, s);
          g_autoptr(GPtrArray) scratch = NULL;

          if (automatic == NULL)
            continue;
          if (events == NULL)
            scratch = parlor_event_array_new ();
          if (!parlor_game_apply (self, s, automatic, events != NULL ? events : scratch, error))
            {
              if (action != NULL)
                *action = g_steal_pointer (&automatic);
              return FALSE;
            }
          played = TRUE;
        }
    }
  return TRUE;
}

/* Maps @strength (0 = weakest … PARLOR_STRENGTH_MAX = strongest) onto the
 * game's own levels, spread evenly from its weakest to its strongest. */
const char *
parlor_game_info_level_for_strength (const ParlorGameInfo *info,
                                     guint                 strength)
{
  guint n;

  g_return_val_if_fail (info != NULL, NULL);

  if (info->ai_levels == NULL || info->ai_levels[0] == NULL)
    return NULL;
  n = g_strv_length ((char **) info->ai_levels);
  strength = MIN (strength, PARLOR_STRENGTH_MAX);

  return info->ai_levels[(strength * (n - 1) + PARLOR_STRENGTH_MAX / 2) / PARLOR_STRENGTH_MAX];
}

/* A new game's seed, which no player can predict; PARLOR_SEED fixes it
 * for tests and demos. */
guint64
parlor_game_seed (void)
{
  const char *forced = g_getenv ("PARLOR_SEED");

  if (forced != NULL)
    return g_ascii_strtoull (forced, NULL, 10);
  return parlor_secret_seed ();
}

void
parlor_review_cost_clear (ParlorReviewCost *cost)
{
  g_return_if_fail (cost != NULL);

  g_clear_pointer (&cost->played_words, g_free);
  g_clear_pointer (&cost->best_words, g_free);
  g_clear_pointer (&cost->explanation, g_free);
  cost->n_figures = 0;
  cost->worse = FALSE;
}

void
parlor_review_cost_add_figure (ParlorReviewCost *cost,
                               const char       *key,
                               double            played,
                               double            best)
{
  g_return_if_fail (cost != NULL && key != NULL);
  g_return_if_fail (cost->n_figures < PARLOR_REVIEW_MAX_FIGURES);

  cost->figures[cost->n_figures++] = (ParlorReviewFigure) { key, played, best };
}
