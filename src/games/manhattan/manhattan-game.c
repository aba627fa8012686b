/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-manhattan"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "manhattan-ai.h"
#include "manhattan-game-private.h"
#include "manhattan-view.h"

struct _ManhattanGame
{
  GObject        parent_instance;
  ManhattanState state;
  gboolean       started;
  ManhattanBoardCache board_cache;
};

static void manhattan_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ManhattanGame, manhattan_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, manhattan_game_iface_init))

static void
manhattan_game_class_init (ManhattanGameClass *klass)
{
}

static void
manhattan_game_init (ManhattanGame *self)
{
  manhattan_state_init (&self->state, 0);
}

ManhattanGame *
manhattan_game_new (guint64 seed)
{
  ManhattanGame *self = g_object_new (MANHATTAN_TYPE_GAME, NULL);

  manhattan_state_init (&self->state, seed);
  return self;
}

ManhattanState *
manhattan_game_get_state (ManhattanGame *self)
{
  g_return_val_if_fail (MANHATTAN_IS_GAME (self), NULL);
  return &self->state;
}

static const ParlorGameInfo *
manhattan_game_get_info (ParlorGame *game)
{
  return &manhattan_game_info;
}

static guint
manhattan_game_get_n_seats (ParlorGame *game)
{
  return MANHATTAN_N_SEATS;
}

static void
manhattan_game_start (ParlorGame *game,
                      GPtrArray  *events)
{
  ManhattanGame *self = MANHATTAN_GAME (game);

  g_return_if_fail (!self->started);

  self->started = TRUE;
  manhattan_state_start (&self->state, events);
}

static guint32
manhattan_game_get_waiting (ParlorGame *game)
{
  ManhattanGame *self = MANHATTAN_GAME (game);

  return self->started ? manhattan_state_waiting (&self->state) : 0;
}

static gboolean
manhattan_game_is_over (ParlorGame *game)
{
  return MANHATTAN_GAME (game)->state.phase == MANHATTAN_PHASE_OVER;
}

static GPtrArray *
manhattan_game_legal_actions (ParlorGame *game,
                              guint       seat)
{
  ManhattanGame *self = MANHATTAN_GAME (game);
  const ManhattanState *state = &self->state;
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (!self->started || seat >= MANHATTAN_N_SEATS)
    return actions;

  if (state->phase == MANHATTAN_PHASE_CHOOSE && !(state->chosen_mask & (1 << seat)))
    {
      const guint8 *sup = state->supply[seat];

      for (int a = MIN (sup[1], 6); a >= 0; a--)
        for (int b = MIN (sup[2], 6 - a); b >= 0; b--)
          for (int c = MIN (sup[3], 6 - a - b); c >= 0; c--)
            {
              guint8 counts[MANHATTAN_MAX_BLOCK + 1] = { 0, a, b, c, 6 - a - b - c };

              if (manhattan_state_check_choose (state, seat, counts, NULL))
                {
                  g_autofree char *blocks = manhattan_blocks_to_string (counts);

                  g_ptr_array_add (actions, g_strconcat ("choose blocks=", blocks, NULL));
                }
            }
    }
  else if (state->phase == MANHATTAN_PHASE_PLAY && state->turn == (int) seat)
    {
      for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
        for (int city = 0; city < MANHATTAN_N_CITIES; city++)
          for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
            if (manhattan_state_play_is_legal (state, seat, card, city, block))
              g_ptr_array_add (actions, g_strdup_printf ("play card=%d city=%d block=%d",
                                                         card, city, block));
    }

  return actions;
}

static gboolean
manhattan_game_apply (ParlorGame  *game,
                      guint        seat,
                      const char  *action,
                      GPtrArray   *events,
                      GError     **error)
{
  ManhattanGame *self = MANHATTAN_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *type;

  if (!self->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The game has not started yet"));
      return FALSE;
    }
  line = parlor_game_parse_seat_action (action, seat, MANHATTAN_N_SEATS, error);
  if (line == NULL)
    return FALSE;
  type = parlor_line_get_type (line);

  if (g_str_equal (type, "choose"))
    {
      guint8 counts[MANHATTAN_MAX_BLOCK + 1];
      const char *blocks = parlor_line_get (line, "blocks");

      if (blocks == NULL)
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                               _("Say which blocks you choose, e.g. “choose blocks=1,1,2,2,3,4”"));
          return FALSE;
        }
      if (!manhattan_blocks_parse (blocks, counts, error) ||
          !manhattan_state_check_choose (&self->state, seat, counts, error))
        return FALSE;
      manhattan_state_choose (&self->state, seat, counts, events);
      return TRUE;
    }

  if (g_str_equal (type, "play"))
    {
      gint64 card, city, block;

      if (!parlor_line_get_int (line, "card", 0, MANHATTAN_N_SPOTS - 1, &card, &local_error) ||
          !parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, &local_error) ||
          !parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, &local_error))
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                               local_error->message);
          return FALSE;
        }
      if (!manhattan_state_check_play (&self->state, seat, card, city, block, error))
        return FALSE;
      manhattan_state_play (&self->state, seat, card, city, block, events);
      return TRUE;
    }

  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("“%s” is not a Manhattan action (use “choose” or “play”)"), type);
  return FALSE;
}

static char *
manhattan_game_view_for (ParlorGame *game,
                         int         seat)
{
  ManhattanGame *self = MANHATTAN_GAME (game);

  if (seat < -1 || seat >= MANHATTAN_N_SEATS)
    seat = -1;

  return manhattan_state_view_line_cached (&self->state, seat, &self->board_cache);
}

static char *
manhattan_game_get_result (ParlorGame *game)
{
  ManhattanGame *self = MANHATTAN_GAME (game);
  const ManhattanState *state = &self->state;
  int ranks[MANHATTAN_N_SEATS];
  ManhattanTiebreak tiebreak;
  GString *winners;
  char *result;

  if (state->phase != MANHATTAN_PHASE_OVER)
    return NULL;

  tiebreak = manhattan_state_ranking (state, ranks);
  winners = g_string_new (NULL);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (ranks[s] == 1)
      g_string_append_printf (winners, "%s%d", winners->len > 0 ? "," : "", s);
  result = g_strdup_printf ("result scores=%d,%d,%d,%d ranks=%d,%d,%d,%d winners=%s tiebreak=%s",
                            state->scores[0], state->scores[1], state->scores[2],
                            state->scores[3], ranks[0], ranks[1], ranks[2], ranks[3],
                            winners->str, manhattan_tiebreak_to_string (tiebreak));
  g_string_free (winners, TRUE);

  return result;
}

static void
manhattan_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = manhattan_game_get_info;
  iface->get_n_seats = manhattan_game_get_n_seats;
  iface->start = manhattan_game_start;
  iface->get_waiting = manhattan_game_get_waiting;
  iface->is_over = manhattan_game_is_over;
  iface->legal_actions = manhattan_game_legal_actions;
  iface->apply = manhattan_game_apply;
  iface->view_for = manhattan_game_view_for;
  iface->get_result = manhattan_game_get_result;
}

static ParlorGame *
manhattan_info_new_game (const char  *config,
                         guint64      seed,
                         GError     **error)
{
  if (config != NULL && *config != '\0')
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("Manhattan has no options (got “%s”)"), config);
      return NULL;
    }

  return PARLOR_GAME (manhattan_game_new (seed));
}

/* ---- describe: lines in words for the game log ---- */

static const char *
seat_word (const char * const *names,
           const char          *value)
{
  const char *name;
  guint64 seat;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, MANHATTAN_N_SEATS - 1, &seat, NULL))
    return _("Someone");
  name = parlor_game_seat_name (names, seat);
  if (name != NULL)
    return name;
  return manhattan_seat_name (seat);
}

static const char *
str_of (const ParlorLine *line,
        const char       *key)
{
  const char *value = parlor_line_get (line, key);

  return value != NULL ? value : "";
}

static int
int_of (const ParlorLine *line,
        const char       *key)
{
  const char *value = parlor_line_get (line, key);
  gint64 v;

  if (value == NULL || !g_ascii_string_to_signed (value, 10, -1000, 100000, &v, NULL))
    return 0;
  return (int) v;
}

/* A place in a city as a player sees it from their seat: the words of the
 * cards, the board and the log alike. */
static const char * const place_names[] = {
  N_("far left"), N_("far middle"), N_("far right"),
  N_("middle left"), N_("centre"), N_("middle right"),
  N_("near left"), N_("near middle"), N_("near right"),
};

const char *
manhattan_place_name (guint card)
{
  g_return_val_if_fail (card < MANHATTAN_N_SPOTS, "");

  return _(place_names[card]);
}

char *
manhattan_cards_words (const char *cards)
{
  const char * const *names = place_names;
  g_auto(GStrv) parts = g_strsplit (cards != NULL ? cards : "", ",", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 p;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, MANHATTAN_N_SPOTS - 1, &p, NULL))
        continue;
      if (out->len > 0)
        g_string_append (out, _(", "));
      g_string_append (out, _(names[p]));
    }

  return g_string_free (out, FALSE);
}

static char *
manhattan_info_describe (const char         *text,
                         const char * const *names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  const char *type;
  const char *who;

  if (line == NULL)
    return g_strdup (text);

  type = parlor_line_get_type (line);
  who = seat_word (names, parlor_line_get (line, "seat"));

  if (g_str_equal (type, "start"))
    return g_strdup_printf (_("%s is the start player of the first round"),
                            seat_word (names, parlor_line_get (line, "first")));
  if (g_str_equal (type, "round"))
    return g_strdup_printf (_("Round %d begins; %s starts"), int_of (line, "number"),
                            seat_word (names, parlor_line_get (line, "start")));
  if (g_str_equal (type, "shuffle"))
    return g_strdup (_("The deck is shuffled"));
  if (g_str_equal (type, "reshuffle"))
    return g_strdup_printf (ngettext ("The discard pile (%d card) is shuffled into a new deck",
                                      "The discard pile (%d cards) is shuffled into a new deck",
                                      int_of (line, "cards")),
                            int_of (line, "cards"));
  if (g_str_equal (type, "deal") || g_str_equal (type, "draw"))
    {
      gboolean deal = g_str_equal (type, "deal");

      if (parlor_line_has (line, "cards"))
        {
          g_autofree char *cards = manhattan_cards_words (parlor_line_get (line, "cards"));

          return g_strdup_printf (deal ? _("%s is dealt: %s") : _("%s draws: %s"), who, cards);
        }
      return g_strdup_printf (deal ? ngettext ("%s is dealt %d card", "%s is dealt %d cards",
                                               int_of (line, "count"))
                                   : ngettext ("%s draws %d card", "%s draws %d cards",
                                               int_of (line, "count")),
                              who, int_of (line, "count"));
    }
  if (g_str_equal (type, "chosen"))
    {
      if (parlor_line_has (line, "forced"))
        return g_strdup_printf (_("%s builds with the last blocks: %s"), who,
                                str_of (line, "blocks"));
      if (parlor_line_has (line, "blocks"))
        return g_strdup_printf (_("%s chooses the blocks %s"), who, str_of (line, "blocks"));
      return g_strdup_printf (_("%s has chosen their blocks"), who);
    }
  if (g_str_equal (type, "reveal"))
    {
      GString *out = g_string_new (_("Blocks revealed"));

      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        {
          g_autofree char *key = g_strdup_printf ("blocks%d", s);
          g_autofree char *seat = g_strdup_printf ("%d", s);

          g_string_append_printf (out, "%s %s: %s", s == 0 ? " —" : ";", seat_word (names, seat),
                                  str_of (line, key));
        }
      return g_string_free (out, FALSE);
    }
  if (g_str_equal (type, "turn"))
    return g_strdup_printf (_("%s’s turn"), who);
  if (g_str_equal (type, "play"))
    /* The public board is seen from South's seat, where a spot's place is its row and column. */
    return g_strdup_printf (ngettext ("%s builds %d storey in city %d, %s (now %d tall)",
                                      "%s builds %d storeys in city %d, %s (now %d tall)",
                                      int_of (line, "block")),
                            who, int_of (line, "block"), int_of (line, "city") + 1,
                            _(place_names[CLAMP (int_of (line, "row"), 0, 2) * 3 +
                                          CLAMP (int_of (line, "col"), 0, 2)]),
                            int_of (line, "height"));
  if (g_str_equal (type, "stuck"))
    {
      g_autofree char *cards = manhattan_cards_words (parlor_line_get (line, "cards"));

      return g_strdup_printf (_("%s can build with no card, shows the hand (%s) and discards it "
                                "(attempt %d of %d)"),
                              who, cards, int_of (line, "attempt"), MANHATTAN_MAX_REDRAWS);
    }
  if (g_str_equal (type, "set-aside"))
    return g_strdup_printf (_("%s is still stuck, sets aside a %d-storey block and passes"),
                            who, int_of (line, "block"));
  if (g_str_equal (type, "score"))
    return g_strdup_printf (_("Round %d: %s scores %d (tallest %d, majorities %d, buildings %d); "
                              "total %d"),
                            int_of (line, "round"), who, int_of (line, "gained"),
                            int_of (line, "tallest"), int_of (line, "majority"),
                            int_of (line, "buildings"), int_of (line, "total"));
  if (g_str_equal (type, "game-over") || g_str_equal (type, "result"))
    {
      g_auto(GStrv) winners = g_strsplit (str_of (line, "winners"), ",", -1);
      const char *tiebreak = parlor_line_get (line, "tiebreak");
      GString *out = g_string_new (NULL);

      for (guint i = 0; winners[i] != NULL; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? _(", ") : "", seat_word (names, winners[i]));
      if (g_strv_length (winners) > 1)
        g_string_prepend (out, _("Game over. Shared victory: "));
      else
        g_string_prepend (out, _("Game over. The winner is "));
      if (g_strcmp0 (tiebreak, "tallest") == 0)
        g_string_append (out, _(" (tie broken by the tallest building)"));
      else if (g_strcmp0 (tiebreak, "buildings") == 0)
        g_string_append (out, _(" (tie broken by the most buildings)"));
      return g_string_free (out, FALSE);
    }
  if (g_str_equal (type, "choose"))
    return g_strdup_printf (_("Choose the blocks %s"), str_of (line, "blocks"));
  if (g_str_equal (type, "view"))
    return g_strdup (_("The table as seen from one seat"));

  return g_strdup (text);
}

/* The viewer's move in words, the card's spot named as the viewer sees it
 * (the card's own place), its height read from the board. */
static char *
manhattan_info_describe_move (const char *view,
                              const char *action)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  ManhattanView v;
  gint64 card, city, block;
  int row, col, height;

  if (line == NULL || !manhattan_view_parse (view, &v, NULL) || v.seat < 0)
    return NULL;
  if (g_str_equal (parlor_line_get_type (line), "choose"))
    return g_strdup_printf (_("Choose the blocks %s"), str_of (line, "blocks"));
  if (!g_str_equal (parlor_line_get_type (line), "play") ||
      !parlor_line_get_int (line, "card", 0, MANHATTAN_N_SPOTS - 1, &card, NULL) ||
      !parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) ||
      !parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL))
    return NULL;
  manhattan_view_card_cities (&v, (int) card, &row, &col);
  height = manhattan_spot_height (v.board.storeys[city][row * 3 + col]) + (int) block;
  return g_strdup_printf (ngettext ("Build %d storey in city %d, %s (then %d tall)",
                                    "Build %d storeys in city %d, %s (then %d tall)", (gulong) block),
                          (int) block, (int) city + 1, _(place_names[card]), height);
}

static const char * const ai_levels[] = { "random", "normal", "strong", NULL };

const ParlorGameInfo manhattan_game_info = {
  .id = "manhattan",
  .name = N_("Manhattan"),
  .summary = N_("Build the tallest skyline in six cities, against the computer or on your network"),
  .icon_name = "io.github.parlorgames.Parlor.Manhattan-symbolic",
  .min_seats = MANHATTAN_N_SEATS,
  .max_seats = MANHATTAN_N_SEATS,
  .ai_levels = ai_levels,
  .new_game = manhattan_info_new_game,
  .ai_choose = manhattan_ai_choose,
  .describe = manhattan_info_describe,
  .review_cost = manhattan_ai_review_cost,
  .describe_move = manhattan_info_describe_move,
};
