/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "claim-game"

#include "config.h"

#include <string.h>

#include "claim-game.h"
#include "parlor-line.h"

#define N_SEATS 3
#define N_CARDS 12
#define N_VALUES 6
#define MAX_HAND 8
#define MAX_DISCARDS 30

enum { CLAIM_NONE, CLAIM_PASS, CLAIM_TAKE, CLAIM_WIN };

#define CLAIM_TYPE_GAME (claim_game_get_type ())
G_DECLARE_FINAL_TYPE (ClaimGame, claim_game, CLAIM, GAME, GObject)

struct _ClaimGame
{
  GObject   parent_instance;
  guint8    deck[N_CARDS];
  guint     next;                  /* next card of the stock */
  guint8    hand[N_SEATS][MAX_HAND];
  guint     n_hand[N_SEATS];
  guint     turn;
  guint     n_discards;
  gboolean  must_discard;
  int       last;                  /* value of the open discard, -1 for none */
  guint32   asked;                 /* seats in the claim window */
  guint     answer[N_SEATS];
  int       winner;
  gboolean  started;
  gboolean  over;
};

static void claim_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ClaimGame, claim_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, claim_game_iface_init))

static void
claim_game_class_init (ClaimGameClass *klass)
{
}

static void
claim_game_init (ClaimGame *self)
{
  self->last = -1;
  self->winner = -1;
}

static gboolean
holds (ClaimGame *self,
       guint      seat,
       guint      value)
{
  for (guint i = 0; i < self->n_hand[seat]; i++)
    if (self->hand[seat][i] == value)
      return TRUE;
  return FALSE;
}

static gboolean
can_win (ClaimGame *self,
         guint      seat)
{
  return self->last >= 0 && holds (self, seat, self->last);
}

static gboolean
can_take (ClaimGame *self,
          guint      seat)
{
  return self->last >= 0 && self->n_hand[seat] < MAX_HAND &&
         holds (self, seat, (self->last + 1) % N_VALUES);
}

static const ParlorGameInfo *
claim_get_info (ParlorGame *game)
{
  return &claim_game_info;
}

static guint
claim_get_n_seats (ParlorGame *game)
{
  return N_SEATS;
}

static void
draw (ClaimGame *self,
      GPtrArray *events)
{
  guint seat = self->turn;
  guint value;

  if (self->next >= N_CARDS || self->n_discards >= MAX_DISCARDS)
    {
      self->over = TRUE;
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, "end stock=0"));
      return;
    }
  value = self->deck[self->next++];
  self->hand[seat][self->n_hand[seat]++] = value;
  self->must_discard = TRUE;
  g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_SEAT (seat),
                                                  g_strdup_printf ("draw value=%u", value)));
  g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (seat),
                                                  g_strdup_printf ("draw seat=%u", seat)));
}

static void
claim_start (ParlorGame *game,
             GPtrArray  *events)
{
  ClaimGame *self = CLAIM_GAME (game);

  for (guint i = 0; i < 2 * N_SEATS; i++)
    {
      guint seat = i % N_SEATS;

      self->hand[seat][self->n_hand[seat]++] = self->deck[self->next++];
    }
  self->started = TRUE;
  for (guint s = 0; s < N_SEATS; s++)
    g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_SEAT (s),
                                                    g_strdup_printf ("deal values=%u,%u",
                                                                     self->hand[s][0],
                                                                     self->hand[s][1])));
  draw (self, events);
}

static guint32
claim_get_waiting (ParlorGame *game)
{
  ClaimGame *self = CLAIM_GAME (game);
  guint32 waiting = 0;

  if (!self->started || self->over)
    return 0;
  if (self->asked != 0)
    {
      for (guint s = 0; s < N_SEATS; s++)
        if ((self->asked & PARLOR_AUDIENCE_SEAT (s)) && self->answer[s] == CLAIM_NONE)
          waiting |= PARLOR_AUDIENCE_SEAT (s);
      return waiting;
    }
  return PARLOR_AUDIENCE_SEAT (self->turn);
}

static gboolean
claim_is_over (ParlorGame *game)
{
  return CLAIM_GAME (game)->over;
}

static ParlorPromptKind
claim_get_prompt_kind (ParlorGame *game,
                       guint       seat)
{
  ClaimGame *self = CLAIM_GAME (game);

  return (self->asked & PARLOR_AUDIENCE_SEAT (seat)) ? PARLOR_PROMPT_CLAIM : PARLOR_PROMPT_TURN;
}

static GPtrArray *
claim_legal_actions (ParlorGame *game,
                     guint       seat)
{
  ClaimGame *self = CLAIM_GAME (game);
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (seat >= N_SEATS || !(claim_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    return actions;
  if (self->asked != 0)
    {
      if (can_win (self, seat))
        g_ptr_array_add (actions, g_strdup ("win"));
      if (can_take (self, seat))
        g_ptr_array_add (actions, g_strdup ("take"));
      g_ptr_array_add (actions, g_strdup ("pass"));
      return actions;
    }
  for (guint v = 0; v < N_VALUES; v++)
    if (holds (self, seat, v))
      g_ptr_array_add (actions, g_strdup_printf ("discard value=%u", v));
  return actions;
}

static char *
claim_default_action (ParlorGame *game,
                      guint       seat,
                      ParlorRng  *rng)
{
  ClaimGame *self = CLAIM_GAME (game);

  if (seat >= N_SEATS || !(claim_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    return NULL;
  if (self->asked != 0)
    return g_strdup ("pass");
  return g_strdup_printf ("discard value=%u", self->hand[seat][self->n_hand[seat] - 1]);
}

static void
resolve (ClaimGame *self,
         GPtrArray *events)
{
  int best = -1;
  guint best_claim = CLAIM_PASS;

  for (guint k = 1; k < N_SEATS; k++)
    {
      guint s = (self->turn + k) % N_SEATS;

      if ((self->asked & PARLOR_AUDIENCE_SEAT (s)) && self->answer[s] > best_claim)
        {
          best = s;
          best_claim = self->answer[s];
        }
    }
  self->asked = 0;
  memset (self->answer, 0, sizeof self->answer);

  if (best < 0 || (best_claim == CLAIM_TAKE && self->n_discards >= MAX_DISCARDS))
    {
      self->last = -1;
      self->turn = (self->turn + 1) % N_SEATS;
      draw (self, events);
      return;
    }

  g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL,
                                                  g_strdup_printf ("claim seat=%d kind=%s value=%d",
                                                                   best,
                                                                   best_claim == CLAIM_WIN ? "win" : "take",
                                                                   self->last)));
  if (best_claim == CLAIM_WIN)
    {
      self->winner = best;
      self->over = TRUE;
      return;
    }
  self->hand[best][self->n_hand[best]++] = self->last;
  self->last = -1;
  self->turn = best;
  self->must_discard = TRUE;
}

static gboolean
claim_apply (ParlorGame  *game,
             guint        seat,
             const char  *action,
             GPtrArray   *events,
             GError     **error)
{
  ClaimGame *self = CLAIM_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  const char *type;

  if (self->over)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, "The game is over");
      return FALSE;
    }
  if (seat >= N_SEATS || !(claim_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           "It is not your turn");
      return FALSE;
    }
  line = parlor_line_parse (action, error);
  if (line == NULL)
    return FALSE;
  type = parlor_line_get_type (line);

  if (self->asked != 0)
    {
      if (g_str_equal (type, "pass"))
        self->answer[seat] = CLAIM_PASS;
      else if (g_str_equal (type, "win") && can_win (self, seat))
        self->answer[seat] = CLAIM_WIN;
      else if (g_str_equal (type, "take") && can_take (self, seat))
        self->answer[seat] = CLAIM_TAKE;
      else
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               "You cannot claim that card");
          return FALSE;
        }
      if (claim_get_waiting (game) == 0)
        resolve (self, events);
      return TRUE;
    }

  if (g_str_equal (type, "discard"))
    {
      gint64 value;

      if (!parlor_line_get_int (line, "value", 0, N_VALUES - 1, &value, error))
        return FALSE;
      for (guint i = 0; i < self->n_hand[seat]; i++)
        if (self->hand[seat][i] == value)
          {
            self->hand[seat][i] = self->hand[seat][--self->n_hand[seat]];
            self->last = value;
            self->n_discards++;
            self->must_discard = FALSE;
            g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL,
                                                            g_strdup_printf ("discard seat=%u value=%d",
                                                                             seat, (int) value)));
            /* Everyone else answers, whether or not they may claim. */
            self->asked = PARLOR_AUDIENCE_ALL & ((1u << N_SEATS) - 1) & ~PARLOR_AUDIENCE_SEAT (seat);
            return TRUE;
          }
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           "You do not hold that card");
      return FALSE;
    }

  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX, "Unknown action");
  return FALSE;
}

/* The view never says whether a claim window is open for others. */
static char *
claim_view_for (ParlorGame *game,
                int         seat)
{
  ClaimGame *self = CLAIM_GAME (game);
  g_autoptr(ParlorLine) line = parlor_line_new ("view");
  g_autoptr(GString) hand = g_string_new (NULL);

  parlor_line_set_int (line, "turn", self->turn);
  parlor_line_set_int (line, "stock", N_CARDS - self->next);
  if (seat >= 0 && seat < N_SEATS)
    {
      for (guint i = 0; i < self->n_hand[seat]; i++)
        g_string_append_printf (hand, "%s%u", i > 0 ? "," : "", self->hand[seat][i]);
      parlor_line_set_int (line, "seat", seat);
      parlor_line_set (line, "hand", hand->str);
      if (self->asked & PARLOR_AUDIENCE_SEAT (seat))
        {
          parlor_line_set_int (line, "claim", self->last);
          parlor_line_set (line, "can", can_win (self, seat) ? (can_take (self, seat) ? "win,take,pass" : "win,pass")
                                                            : (can_take (self, seat) ? "take,pass" : "pass"));
        }
    }
  return parlor_line_to_string (line, NULL);
}

static char *
claim_get_result (ParlorGame *game)
{
  ClaimGame *self = CLAIM_GAME (game);

  if (!self->over)
    return NULL;
  return g_strdup_printf ("result winner=%d", self->winner);
}

static void
claim_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = claim_get_info;
  iface->get_n_seats = claim_get_n_seats;
  iface->start = claim_start;
  iface->get_waiting = claim_get_waiting;
  iface->is_over = claim_is_over;
  iface->legal_actions = claim_legal_actions;
  iface->apply = claim_apply;
  iface->view_for = claim_view_for;
  iface->get_result = claim_get_result;
  iface->get_prompt_kind = claim_get_prompt_kind;
  iface->default_action = claim_default_action;
}

static ParlorGame *
claim_new_game (const char  *config,
                guint64      seed,
                GError     **error)
{
  g_autoptr(ClaimGame) self = g_object_new (CLAIM_TYPE_GAME, NULL);
  g_autofree char *text = g_strconcat ("config ", config != NULL ? config : "", NULL);
  g_autoptr(ParlorLine) line = parlor_line_parse (text, error);
  guint counts[N_VALUES] = { 0 };

  if (line == NULL)
    return NULL;
  if (parlor_line_has (line, "deck"))
    {
      g_auto(GStrv) values = g_strsplit (parlor_line_get (line, "deck"), ",", -1);

      if (g_strv_length (values) != N_CARDS)
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG, "The deck needs 12 cards");
          return NULL;
        }
      for (guint i = 0; i < N_CARDS; i++)
        {
          guint64 v;

          if (!g_ascii_string_to_unsigned (values[i], 10, 0, N_VALUES - 1, &v, NULL) || ++counts[v] > 2)
            {
              g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG, "Bad deck");
              return NULL;
            }
          self->deck[i] = v;
        }
    }
  else
    {
      ParlorRng rng;

      for (guint i = 0; i < N_CARDS; i++)
        self->deck[i] = i / 2;
      parlor_rng_init (&rng, seed, 0);
      parlor_rng_shuffle (&rng, self->deck, N_CARDS, sizeof self->deck[0]);
    }

  return PARLOR_GAME (g_steal_pointer (&self));
}

static char *
claim_ai_choose (const char    *level,
                 const char    *view,
                 guint64        seed,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (view, error);
  g_auto(GStrv) hand = NULL;
  const char *can;

  if (line == NULL)
    return NULL;
  can = parlor_line_get (line, "can");
  if (can != NULL)
    {
      if (g_str_equal (level, "greedy") && !g_str_equal (can, "pass"))
        return g_strdup (g_str_has_prefix (can, "win") ? "win" : "take");
      return g_strdup ("pass");
    }
  hand = g_strsplit (parlor_line_get (line, "hand") ? parlor_line_get (line, "hand") : "", ",", -1);
  if (hand[0] == NULL || hand[0][0] == '\0')
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL, "No card to discard");
      return NULL;
    }
  return g_strdup_printf ("discard value=%s", hand[g_strv_length (hand) - 1]);
}

static const char * const claim_levels[] = { "passive", "greedy", NULL };

const ParlorGameInfo claim_game_info = {
  .id = "claim",
  .name = "Claim",
  .min_seats = N_SEATS,
  .max_seats = N_SEATS,
  .ai_levels = claim_levels,
  .new_game = claim_new_game,
  .ai_choose = claim_ai_choose,
  .describe = NULL,
};
