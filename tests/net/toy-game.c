/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "toy-game"

#include "config.h"

#include <string.h>

#include "parlor-line.h"
#include "toy-game.h"

#define DECK 16
#define HAND 3

#define TOY_TYPE_GAME (toy_game_get_type ())
G_DECLARE_FINAL_TYPE (ToyGame, toy_game, TOY, GAME, GObject)

struct _ToyGame
{
  GObject   parent_instance;

  guint     n_seats;
  ParlorRng rng;
  guint     deck[DECK];
  int       hand[4][HAND];     /* card numbers, -1 once played */
  int       pick[4];           /* 0 until picked */
  gboolean  choosing;
  gboolean  started;
  guint     turn;
  guint     played;
};

static void toy_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ToyGame, toy_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, toy_game_iface_init))

static void
toy_game_class_init (ToyGameClass *klass)
{
}

static void
toy_game_init (ToyGame *self)
{
}

static const ParlorGameInfo *
toy_get_info (ParlorGame *game)
{
  return &toy_game_info;
}

static guint
toy_get_n_seats (ParlorGame *game)
{
  return TOY_GAME (game)->n_seats;
}

static void
toy_start (ParlorGame *game,
           GPtrArray  *events)
{
  ToyGame *self = TOY_GAME (game);
  GString *deck = g_string_new ("deck");

  for (guint i = 0; i < DECK; i++)
    self->deck[i] = i + 1;
  parlor_rng_shuffle (&self->rng, self->deck, DECK, sizeof self->deck[0]);
  for (guint i = 0; i < DECK; i++)
    g_string_append_printf (deck, " Q%02u", self->deck[i]);
  g_ptr_array_add (events, parlor_event_new (0, deck->str));
  g_string_free (deck, TRUE);

  for (guint s = 0; s < self->n_seats; s++)
    {
      GString *dealt = g_string_new (NULL);

      g_string_printf (dealt, "dealt seat=%u hand=", s);
      for (guint k = 0; k < HAND; k++)
        {
          self->hand[s][k] = self->deck[s * HAND + k];
          g_string_append_printf (dealt, "%sQ%02d", k > 0 ? "," : "", self->hand[s][k]);
        }
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_SEAT (s), dealt->str));
      g_string_free (dealt, TRUE);
    }
  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, "phase choose"));
  self->choosing = TRUE;
  self->started = TRUE;
}

static gboolean
toy_is_over (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);

  return self->started && self->played == self->n_seats * HAND;
}

static guint32
toy_get_waiting (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);
  guint32 mask = 0;

  if (!self->started || toy_is_over (game))
    return 0;
  if (!self->choosing)
    return PARLOR_AUDIENCE_SEAT (self->turn);
  for (guint s = 0; s < self->n_seats; s++)
    if (self->pick[s] == 0)
      mask |= PARLOR_AUDIENCE_SEAT (s);

  return mask;
}

static GPtrArray *
toy_legal_actions (ParlorGame *game,
                   guint       seat)
{
  ToyGame *self = TOY_GAME (game);
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (seat >= self->n_seats || (toy_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)) == 0)
    return actions;
  if (self->choosing)
    for (guint k = 1; k <= 3; k++)
      g_ptr_array_add (actions, g_strdup_printf ("choose pick=S%uX%u", seat, k));
  else
    for (guint k = 0; k < HAND; k++)
      if (self->hand[seat][k] > 0)
        g_ptr_array_add (actions, g_strdup_printf ("play card=Q%02d", self->hand[seat][k]));

  return actions;
}

static gboolean
toy_apply (ParlorGame  *game,
           guint        seat,
           const char  *action,
           GPtrArray   *events,
           GError     **error)
{
  ToyGame *self = TOY_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(GPtrArray) legal = NULL;
  g_autofree char *canonical = NULL;
  gboolean found = FALSE;

  line = parlor_line_parse (action, error);
  if (line == NULL)
    return FALSE;
  if (toy_is_over (game) || !self->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, "The game is over");
      return FALSE;
    }
  if (seat >= self->n_seats || (toy_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)) == 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           "It is not your turn");
      return FALSE;
    }
  canonical = parlor_line_to_string (line, NULL);  /* a parsed line always prints */
  legal = toy_legal_actions (game, seat);
  for (guint i = 0; i < legal->len; i++)
    found |= g_str_equal (g_ptr_array_index (legal, i), canonical);
  if (!found)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL, "“%s” is not allowed now",
                   canonical);
      return FALSE;
    }

  if (self->choosing)
    {
      const char *pick = parlor_line_get (line, "pick");
      g_autofree char *chose = g_strdup_printf ("chose seat=%u", seat);
      g_autofree char *mine = g_strdup_printf ("picked %s", pick);

      self->pick[seat] = pick[strlen (pick) - 1] - '0';
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, chose));
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_SEAT (seat), mine));
      if (toy_get_waiting (game) == 0)
        {
          GString *revealed = g_string_new ("revealed");

          for (guint s = 0; s < self->n_seats; s++)
            g_string_append_printf (revealed, " S%uX%d", s, self->pick[s]);
          g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, revealed->str));
          g_string_free (revealed, TRUE);
          self->choosing = FALSE;
          self->turn = 0;
        }
    }
  else
    {
      int card = atoi (parlor_line_get (line, "card") + 1);
      g_autofree char *played = g_strdup_printf ("played seat=%u card=Q%02d", seat, card);

      for (guint k = 0; k < HAND; k++)
        if (self->hand[seat][k] == card)
          self->hand[seat][k] = -1;
      self->played++;
      self->turn = (self->turn + 1) % self->n_seats;
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, played));
    }

  return TRUE;
}

static char *
toy_view_for (ParlorGame *game,
              int         seat)
{
  ToyGame *self = TOY_GAME (game);
  GString *view = g_string_new ("toy");

  g_string_append_printf (view, " seats=%u phase=%s turn=%u", self->n_seats,
                          toy_is_over (game) ? "over" : self->choosing ? "choose" : "play",
                          self->turn);
  if (seat >= 0 && (guint) seat < self->n_seats)
    {
      g_string_append_printf (view, " seat=%d chosen=%d hand=", seat, self->pick[seat] != 0);
      for (guint k = 0, n = 0; k < HAND; k++)
        if (self->hand[seat][k] > 0)
          g_string_append_printf (view, "%sQ%02d", n++ > 0 ? "," : "", self->hand[seat][k]);
    }

  return g_string_free (view, FALSE);
}

static char *
toy_get_result (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);
  GString *result;

  if (!toy_is_over (game))
    return NULL;

  result = g_string_new ("result scores=");
  for (guint s = 0; s < self->n_seats; s++)
    {
      int score = self->pick[s];

      for (guint i = 0; i < self->n_seats * HAND; i++)
        if (i / HAND == s)
          score += self->deck[i];
      g_string_append_printf (result, "%s%d", s > 0 ? "," : "", score);
    }

  return g_string_free (result, FALSE);
}

static void
toy_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = toy_get_info;
  iface->get_n_seats = toy_get_n_seats;
  iface->start = toy_start;
  iface->get_waiting = toy_get_waiting;
  iface->is_over = toy_is_over;
  iface->legal_actions = toy_legal_actions;
  iface->apply = toy_apply;
  iface->view_for = toy_view_for;
  iface->get_result = toy_get_result;
}

static ParlorGame *
toy_new_game (const char  *config,
              guint64      seed,
              GError     **error)
{
  ToyGame *self;
  gint64 seats = 4;

  if (config != NULL && *config != '\0')
    {
      g_autofree char *text = g_strconcat ("config ", config, NULL);
      g_autoptr(ParlorLine) line = parlor_line_parse (text, error);

      if (line == NULL)
        return NULL;
      if (parlor_line_has (line, "seats") &&
          !parlor_line_get_int (line, "seats", 2, 4, &seats, error))
        return NULL;
    }

  self = g_object_new (TOY_TYPE_GAME, NULL);
  self->n_seats = seats;
  parlor_rng_init (&self->rng, seed, 1);

  return PARLOR_GAME (self);
}

static char *
toy_ai_choose (const char    *level,
               const char    *view,
               guint64        seed,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (view, error);
  g_auto(GStrv) hand = NULL;
  ParlorRng rng;
  gint64 seat, turn;
  const char *phase;

  if (line == NULL)
    return NULL;
  parlor_rng_init (&rng, seed, 2);
  phase = parlor_line_get (line, "phase");
  if (!parlor_line_get_int (line, "seat", 0, 3, &seat, error) ||
      !parlor_line_get_int (line, "turn", 0, 3, &turn, error) || phase == NULL)
    return NULL;

  if (g_str_equal (phase, "choose") && g_strcmp0 (parlor_line_get (line, "chosen"), "0") == 0)
    return g_strdup_printf ("choose pick=S%dX%u", (int) seat, 1 + parlor_rng_below (&rng, 3));

  hand = g_strsplit (parlor_line_get (line, "hand") != NULL ? parlor_line_get (line, "hand") : "",
                     ",", -1);
  if (g_str_equal (phase, "play") && turn == seat && hand[0] != NULL && hand[0][0] != '\0')
    return g_strdup_printf ("play card=%s", hand[parlor_rng_below (&rng, g_strv_length (hand))]);

  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN, "Nothing to do");
  return NULL;
}

static char *
toy_describe (const char         *line,
              const char * const *seat_names)
{
  return g_strdup (line);
}

static const char * const toy_levels[] = { "random", NULL };

const ParlorGameInfo toy_game_info = {
  .id = "toy",
  .name = "Toy",
  .min_seats = 2,
  .max_seats = 4,
  .ai_levels = toy_levels,
  .new_game = toy_new_game,
  .ai_choose = toy_ai_choose,
  .describe = toy_describe,
};

const ParlorGameInfo *
toy_game_lookup (const char *id)
{
  return g_strcmp0 (id, "toy") == 0 ? &toy_game_info : NULL;
}

GStrv
toy_game_get_secrets (ParlorGame *game,
                      guint       seat)
{
  ToyGame *self = TOY_GAME (game);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint k = 0; k < HAND; k++)
    {
      g_autofree char *card = g_strdup_printf ("Q%02u", self->deck[seat * HAND + k]);

      g_strv_builder_add (builder, card);
    }
  if (self->pick[seat] != 0)
    {
      g_autofree char *pick = g_strdup_printf ("S%uX%d", seat, self->pick[seat]);

      g_strv_builder_add (builder, pick);
    }

  return g_strv_builder_end (builder);
}

GStrv
toy_game_get_undealt (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = self->n_seats * HAND; i < DECK; i++)
    {
      g_autofree char *card = g_strdup_printf ("Q%02u", self->deck[i]);

      g_strv_builder_add (builder, card);
    }

  return g_strv_builder_end (builder);
}
