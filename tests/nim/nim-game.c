/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "nim"

#include "config.h"

#include "nim-ai.h"
#include "nim-game.h"
#include "nim-view.h"
#include "parlor-line.h"
#include "parlor-rng.h"

struct _NimGame
{
  GObject  parent_instance;

  NimState state;
  guint    first;
  guint    pile;
  gboolean started;
};

static void nim_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NimGame, nim_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, nim_game_iface_init))

static void
nim_game_class_init (NimGameClass *klass)
{
}

static void
nim_game_init (NimGame *self)
{
}

static const ParlorGameInfo *
nim_get_info (ParlorGame *game)
{
  return &nim_game_info;
}

static guint
nim_get_n_seats (ParlorGame *game)
{
  return NIM_N_SEATS;
}

static void
nim_start (ParlorGame *game,
           GPtrArray  *events)
{
  NimGame *self = NIM_GAME (game);

  nim_rules_init (&self->state, self->pile, self->first);
  self->started = TRUE;
  g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL,
                                                  g_strdup_printf ("pile stones=%u first=%u",
                                                                   self->pile, self->first)));
}

static gboolean
nim_is_over (ParlorGame *game)
{
  return NIM_GAME (game)->state.winner >= 0;
}

static guint32
nim_get_waiting (ParlorGame *game)
{
  NimGame *self = NIM_GAME (game);

  if (!self->started || nim_is_over (game))
    return 0;
  return PARLOR_AUDIENCE_SEAT (self->state.turn);
}

static GPtrArray *
nim_legal_actions (ParlorGame *game,
                   guint       seat)
{
  NimGame *self = NIM_GAME (game);
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  guint max = self->started ? nim_rules_max (&self->state, seat) : 0;

  for (guint k = 1; k <= max; k++)
    g_ptr_array_add (actions, g_strdup_printf ("take %u", k));
  return actions;
}

static gboolean
nim_apply (ParlorGame  *game,
           guint        seat,
           const char  *action,
           GPtrArray   *events,
           GError     **error)
{
  NimGame *self = NIM_GAME (game);
  g_autoptr(ParlorLine) line = parlor_line_parse (action, error);
  guint64 stones = 0;

  if (line == NULL)
    return FALSE;
  if (nim_is_over (game))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, "The game is over");
      return FALSE;
    }
  if (!(nim_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           "It is not your turn");
      return FALSE;
    }
  if (!g_str_equal (parlor_line_get_type (line), "take") || parlor_line_get_n_words (line) != 1 ||
      !g_ascii_string_to_unsigned (parlor_line_get_word (line, 0), 10, 1, NIM_MAX_TAKE, &stones, NULL))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX, "Take 1, 2 or 3 stones");
      return FALSE;
    }
  if (!nim_rules_take (&self->state, seat, (guint) stones))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           "There are not that many stones left");
      return FALSE;
    }
  g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL,
                                                  g_strdup_printf ("took seat=%u stones=%u pile=%u",
                                                                   seat, (guint) stones,
                                                                   self->state.pile)));
  if (nim_is_over (game))
    g_ptr_array_add (events, parlor_event_new_take (PARLOR_AUDIENCE_ALL,
                                                    g_strdup_printf ("won seat=%u", seat)));
  return TRUE;
}

static char *
nim_view_for (ParlorGame *game,
              int         seat)
{
  return nim_view_to_line (&NIM_GAME (game)->state, seat >= 0 && seat < NIM_N_SEATS ? seat : -1);
}

static char *
nim_get_result (ParlorGame *game)
{
  NimGame *self = NIM_GAME (game);

  return nim_is_over (game) ? g_strdup_printf ("result winner=%d", self->state.winner) : NULL;
}

static void
nim_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = nim_get_info;
  iface->get_n_seats = nim_get_n_seats;
  iface->start = nim_start;
  iface->get_waiting = nim_get_waiting;
  iface->is_over = nim_is_over;
  iface->legal_actions = nim_legal_actions;
  iface->apply = nim_apply;
  iface->view_for = nim_view_for;
  iface->get_result = nim_get_result;
}

static ParlorGame *
nim_new_game (const char  *config,
              guint64      seed,
              GError     **error)
{
  NimGame *self;
  ParlorRng rng;
  gint64 first = 0;

  if (config != NULL && *config != '\0')
    {
      g_autofree char *text = g_strconcat ("config ", config, NULL);
      g_autoptr(ParlorLine) line = parlor_line_parse (text, error);

      if (line == NULL)
        return NULL;
      if (parlor_line_has (line, "first") && !parlor_line_get_int (line, "first", 0, 1, &first, error))
        return NULL;
    }
  self = g_object_new (NIM_TYPE_GAME, NULL);
  parlor_rng_init (&rng, seed, 1);
  self->first = (guint) first;
  self->pile = 13 + parlor_rng_below (&rng, 12);
  return PARLOR_GAME (self);
}

/* The words a log shows; "" names the reader. */
static char *
nim_describe (const char         *text,
              const char * const *names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  gint64 seat = 0, stones = 0, pile = 0;

  if (line == NULL)
    return NULL;
  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  if (g_str_equal (parlor_line_get_type (line), "pile") &&
      parlor_line_get_int (line, "stones", 0, 99, &pile, NULL))
    return g_strdup_printf ("A pile of %d stones", (int) pile);
  if (g_str_equal (parlor_line_get_type (line), "took") &&
      parlor_line_get_int (line, "stones", 1, 3, &stones, NULL) &&
      parlor_line_get_int (line, "pile", 0, 99, &pile, NULL))
    return g_strdup_printf ("%s took %d, %d left", *names[seat] != '\0' ? names[seat] : "You",
                            (int) stones, (int) pile);
  if (g_str_equal (parlor_line_get_type (line), "won"))
    return g_strdup_printf ("%s won", *names[seat] != '\0' ? names[seat] : "You");
  return NULL;
}

static const char * const nim_levels[] = { "random", "perfect", NULL };

const ParlorGameInfo nim_game_info = {
  .id = "nim",
  .name = "Nim",
  .min_seats = NIM_N_SEATS,
  .max_seats = NIM_N_SEATS,
  .ai_levels = nim_levels,
  .new_game = nim_new_game,
  .ai_choose = nim_ai_choose,
  .describe = nim_describe,
};
