/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-triad"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "triad-ai.h"
#include "triad-game.h"

struct _TriadGame
{
  GObject       parent_instance;

  ParlorRng     rng;
  TriadConfig   config;
  guint         first_seat;
  TriadPosition pos;
  TriadCard     dealt[2][TRIAD_HAND_MAX];   /* by player, for the deal events */
  gboolean      started;
};

static void triad_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TriadGame, triad_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, triad_game_iface_init))

enum {
  PROP_0,
  PROP_TURN,
  PROP_OVER,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char *const ai_levels[] = { "easy", "medium", "hard", "expert", NULL };

static char *triad_describe_move (const char *view,
                                  const char *action);
static char *triad_describe (const char         *line,
                             const char * const *seat_names);

static ParlorGame *
new_game (const char  *config,
          guint64      seed,
          GError     **error)
{
  return (ParlorGame *) triad_game_new (config, seed, error);
}

const ParlorGameInfo triad_game_info = {
  .id = "triad",
  .name = N_("Triple Triad"),
  .summary = N_("Take the most cards on a three-by-three board, against the computer or on your network"),
  .icon_name = "io.github.parlorgames.Parlor.TripleTriad-symbolic",
  .min_seats = 2,
  .max_seats = 2,
  .ai_levels = ai_levels,
  .new_game = new_game,
  .ai_choose = triad_ai_choose,
  .describe = triad_describe,
  .review_cost = triad_ai_review_cost,
  .describe_move = triad_describe_move,
};

static gboolean
parse_switch (const char *value,
              gboolean   *out)
{
  static const char *const on[] = { "on", "yes", "true", "1" };
  static const char *const off[] = { "off", "no", "false", "0" };

  for (guint i = 0; i < G_N_ELEMENTS (on); i++)
    if (g_str_equal (value, on[i]) || g_str_equal (value, off[i]))
      {
        *out = g_str_equal (value, on[i]);
        return TRUE;
      }
  return FALSE;
}

gboolean
triad_config_parse (const char   *text,
                    TriadConfig  *config,
                    GError      **error)
{
  g_auto(GStrv) words = NULL;
  TriadConfig result = { 0, TRUE, 0 };

  g_return_val_if_fail (config != NULL, FALSE);

  words = g_strsplit_set (text != NULL ? text : "", " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      const char *eq = strchr (word, '=');
      g_autofree char *key = NULL;
      const char *value;
      gboolean on = FALSE;

      if (*word == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Unknown game option “%s”"), word);
          return FALSE;
        }
      key = g_strndup (word, eq - word);
      value = eq + 1;

      if (g_str_equal (key, "first"))
        {
          if (g_str_equal (value, "0") || g_str_equal (value, "1"))
            result.first = value[0] - '0';
          else if (g_str_equal (value, "random"))
            result.first = -1;
          else
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("Who moves first must be seat 0, seat 1 or random, not “%s”"), value);
              return FALSE;
            }
        }
      else if (g_str_equal (key, "hands"))
        {
          if (!g_str_equal (value, "open") && !g_str_equal (value, "closed"))
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("Hands must be open or closed, not “%s”"), value);
              return FALSE;
            }
          result.open = g_str_equal (value, "open");
        }
      else if (g_str_equal (key, "same") || g_str_equal (key, "plus") || g_str_equal (key, "combo")
               || g_str_equal (key, "reverse") || g_str_equal (key, "fallen-ace")
               || g_str_equal (key, "same-wall"))
        {
          TriadRules bit = g_str_equal (key, "same") ? TRIAD_RULE_SAME
                           : g_str_equal (key, "plus") ? TRIAD_RULE_PLUS
                           : g_str_equal (key, "combo") ? TRIAD_RULE_COMBO
                           : g_str_equal (key, "reverse") ? TRIAD_RULE_REVERSE
                           : g_str_equal (key, "fallen-ace") ? TRIAD_RULE_FALLEN_ACE : TRIAD_RULE_SAME_WALL;

          if (!parse_switch (value, &on))
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The option “%s” must be on or off, not “%s”"), key, value);
              return FALSE;
            }
          result.rules = on ? (result.rules | bit) : (result.rules & ~bit);
        }
      else if (g_str_equal (key, "reading"))
        {
          if (!g_str_equal (value, "ff8") && !g_str_equal (value, "parlor"))
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The reading of Same, Plus and Combo must be ff8 or parlor, not “%s”"), value);
              return FALSE;
            }
          result.rules = g_str_equal (value, "ff8") ? (result.rules | TRIAD_RULE_FF8)
                                                    : (result.rules & ~TRIAD_RULE_FF8);
        }
      else
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Unknown game option “%s”"), key);
          return FALSE;
        }
    }

  if ((result.rules & TRIAD_RULE_COMBO) && !(result.rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("Combo only chains flips made by Same or Plus; turn one of them on"));
      return FALSE;
    }

  /* The reading only matters to Same and Plus: without them, rules=none as before. */
  if (!(result.rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    result.rules &= ~TRIAD_RULE_FF8;
  if (!(result.rules & TRIAD_RULE_SAME))
    result.rules &= ~TRIAD_RULE_SAME_WALL;

  *config = result;
  return TRUE;
}

static int
current_turn (TriadGame *self)
{
  guint player;

  if (!self->started || triad_position_is_over (&self->pos))
    return -1;
  player = triad_position_to_move (&self->pos);
  return (int) (player == 0 ? self->first_seat : 1 - self->first_seat);
}

static void
triad_game_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TriadGame *self = TRIAD_GAME (object);

  switch (prop_id)
    {
    case PROP_TURN:
      g_value_set_int (value, current_turn (self));
      break;
    case PROP_OVER:
      g_value_set_boolean (value, triad_position_is_over (&self->pos));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
triad_game_class_init (TriadGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = triad_game_get_property;

  /* The seat to move, -1 before the start and once the game is over. */
  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, NULL, -1, 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After the start and after every accepted move: board, hands or scores changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* Tells observers after the state moved on from @old_turn. */
static void
emit_changes (TriadGame *self,
              int        old_turn,
              gboolean   old_over)
{
  if (current_turn (self) != old_turn)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
  if (triad_position_is_over (&self->pos) != old_over)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
triad_game_init (TriadGame *self)
{
}

static TriadGame *
game_new (const char       *config,
          guint64           seed,
          const TriadCard  *first_hand,
          const TriadCard  *second_hand,
          GError          **error)
{
  TriadGame *self;
  TriadConfig parsed;
  TriadCard deal_first[TRIAD_FIRST_HAND], deal_second[TRIAD_SECOND_HAND];

  if (!triad_config_parse (config, &parsed, error))
    return NULL;

  self = g_object_new (TRIAD_TYPE_GAME, NULL);
  self->config = parsed;
  parlor_rng_init (&self->rng, seed, 0x7472696164 /* "triad" */);
  self->first_seat = parsed.first >= 0 ? (guint) parsed.first : parlor_rng_below (&self->rng, 2);
  if (first_hand == NULL)
    {
      triad_deal (&self->rng, deal_first, deal_second);
      first_hand = deal_first;
      second_hand = deal_second;
    }
  triad_position_init (&self->pos, first_hand, second_hand);
  memcpy (self->dealt, self->pos.hand, sizeof self->dealt);

  return self;
}

TriadGame *
triad_game_new (const char  *config,
                guint64      seed,
                GError     **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return game_new (config, seed, NULL, NULL, error);
}

TriadGame *
triad_game_new_with_hands (const char       *config,
                           guint64           seed,
                           const TriadCard  *first_hand,
                           const TriadCard  *second_hand,
                           GError          **error)
{
  g_return_val_if_fail (first_hand != NULL, NULL);
  g_return_val_if_fail (second_hand != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < TRIAD_FIRST_HAND + TRIAD_SECOND_HAND; i++)
    {
      const TriadCard *card = i < TRIAD_FIRST_HAND ? &first_hand[i] : &second_hand[i - TRIAD_FIRST_HAND];

      for (guint s = 0; s < 4; s++)
        if (card->rank[s] < 1 || card->rank[s] > 10)
          {
            g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                                 _("Card ranks go from 1 to 10"));
            return NULL;
          }
    }

  return game_new (config, seed, first_hand, second_hand, error);
}

const TriadPosition *
triad_game_get_position (TriadGame *self)
{
  g_return_val_if_fail (TRIAD_IS_GAME (self), NULL);
  return &self->pos;
}

guint
triad_game_get_first_seat (TriadGame *self)
{
  g_return_val_if_fail (TRIAD_IS_GAME (self), 0);
  return self->first_seat;
}

TriadRules
triad_game_get_rules (TriadGame *self)
{
  g_return_val_if_fail (TRIAD_IS_GAME (self), 0);
  return self->config.rules;
}

gboolean
triad_game_get_open (TriadGame *self)
{
  g_return_val_if_fail (TRIAD_IS_GAME (self), TRUE);
  return self->config.open;
}

static inline guint
seat_of (TriadGame *self,
         guint      player)
{
  return player == 0 ? self->first_seat : 1 - self->first_seat;
}

/* Any card of the hand to move on any empty cell: as masks, none for a seat not to move. */
static void
legal_moves (TriadGame *self,
             int        seat,
             guint8    *cards,
             guint16   *cells)
{
  guint player = triad_position_to_move (&self->pos);

  *cards = 0;
  *cells = 0;
  if (!self->started || triad_position_is_over (&self->pos) || seat != (int) seat_of (self, player))
    return;
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if (self->pos.owner[c] == TRIAD_EMPTY)
      *cells |= (guint16) (1u << c);
  if (*cells != 0)
    *cards = (guint8) ((1u << self->pos.n_hand[player]) - 1);
}

void
triad_game_get_view (TriadGame *self,
                     int        seat,
                     TriadView *view)
{
  g_return_if_fail (TRIAD_IS_GAME (self));
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->seat = seat >= 0 && seat < 2 ? seat : -1;
  view->first = self->first_seat;
  view->turn = triad_position_is_over (&self->pos)
               ? -1 : (int) seat_of (self, triad_position_to_move (&self->pos));
  view->open = self->config.open;
  view->rules = self->config.rules;
  view->n_filled = self->pos.n_filled;
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    {
      view->card[c] = self->pos.card[c];
      view->owner[c] = self->pos.owner[c] == TRIAD_EMPTY
                       ? TRIAD_EMPTY : (gint8) seat_of (self, (guint) self->pos.owner[c]);
      view->placer[c] = self->pos.placer[c] == TRIAD_EMPTY
                        ? TRIAD_EMPTY : (gint8) seat_of (self, (guint) self->pos.placer[c]);
      if (view->owner[c] != TRIAD_EMPTY)
        view->score[view->owner[c]]++;
    }
  for (guint p = 0; p < 2; p++)
    {
      guint s = seat_of (self, p);

      view->n_hand[s] = self->pos.n_hand[p];
      view->hand_known[s] = self->config.open || view->seat == (int) s;
      if (view->hand_known[s])
        memcpy (view->hand[s], self->pos.hand[p], sizeof view->hand[s]);
    }
  legal_moves (self, view->seat, &view->may_cards, &view->may_cells);
}

static const ParlorGameInfo *
triad_get_info (ParlorGame *game)
{
  return &triad_game_info;
}

static guint
triad_get_n_seats (ParlorGame *game)
{
  return 2;
}

static char *
hand_to_string (const TriadCard *hand,
                guint            n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char text[5];

      triad_card_format (&hand[i], text);
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

static void
triad_start (ParlorGame *game,
             GPtrArray  *events)
{
  TriadGame *self = TRIAD_GAME (game);
  g_autofree char *rules = NULL;
  g_autofree char *line = NULL;

  if (self->started)
    return;
  self->started = TRUE;

  rules = triad_rules_to_string (self->config.rules);
  line = g_strdup_printf ("start first=%u hands=%s rules=%s", self->first_seat,
                          self->config.open ? "open" : "closed", rules);
  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, line));
  for (guint p = 0; p < 2; p++)
    {
      guint seat = seat_of (self, p);
      g_autofree char *hand = hand_to_string (self->dealt[p], p == 0 ? TRIAD_FIRST_HAND : TRIAD_SECOND_HAND);
      g_autofree char *deal = g_strdup_printf ("deal seat=%u hand=%s", seat, hand);

      g_ptr_array_add (events, parlor_event_new (self->config.open ? PARLOR_AUDIENCE_ALL
                                                 : PARLOR_AUDIENCE_SEAT (seat), deal));
    }

  emit_changes (self, -1, FALSE);
}

static guint32
triad_get_waiting (ParlorGame *game)
{
  TriadGame *self = TRIAD_GAME (game);

  if (!self->started || triad_position_is_over (&self->pos))
    return 0;
  return PARLOR_AUDIENCE_SEAT (seat_of (self, triad_position_to_move (&self->pos)));
}

static gboolean
triad_is_over (ParlorGame *game)
{
  return triad_position_is_over (&TRIAD_GAME (game)->pos);
}

static GPtrArray *
triad_legal_actions (ParlorGame *game,
                     guint       seat)
{
  TriadGame *self = TRIAD_GAME (game);
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  guint8 cards;
  guint16 cells;

  if (seat >= 2)
    return actions;
  legal_moves (self, (int) seat, &cards, &cells);
  for (guint i = 0; i < TRIAD_HAND_MAX; i++)
    for (guint c = 0; c < TRIAD_N_CELLS; c++)
      if ((cards & (1u << i)) && (cells & (1u << c)))
        g_ptr_array_add (actions, triad_action_new (i, c));

  return actions;
}

static const char *
winner_word (const TriadPosition *pos,
             guint                first_seat)
{
  int outcome = triad_outcome_for_first (triad_position_count (pos, 0));

  if (outcome == 0)
    return "draw";
  return (outcome > 0 ? first_seat : 1 - first_seat) == 0 ? "0" : "1";
}

static void add_event (GPtrArray  *events,
                       const char *format,
                       ...) G_GNUC_PRINTF (2, 3);

/* A public event. */
static void
add_event (GPtrArray  *events,
           const char *format,
           ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, line));
}

static gboolean
syntax_error (GError     **error,
              const char  *action)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("In Triple Triad the only move is “place card=N cell=N” with a card "
                 "from 0 to 4 and a cell from 0 to 8, not “%s”"), action);
  return FALSE;
}

static gboolean
triad_apply (ParlorGame  *game,
             guint        seat,
             const char  *action,
             GPtrArray   *events,
             GError     **error)
{
  TriadGame *self = TRIAD_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  TriadFlip flips[TRIAD_N_CELLS];
  gint64 index, cell;
  guint player, n_flips;
  int old_turn;
  char face[5];

  line = parlor_line_parse (action, NULL);
  if (line == NULL
      || !g_str_equal (parlor_line_get_type (line), "place")
      || parlor_line_get_n_words (line) != 0
      || parlor_line_get_n_keys (line) != 2
      || !parlor_line_get_int (line, "card", 0, TRIAD_HAND_MAX - 1, &index, NULL)
      || !parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &cell, NULL))
    return syntax_error (error, action);
  if (!self->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The game has not started yet"));
      return FALSE;
    }
  if (triad_position_is_over (&self->pos))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The game is over"));
      return FALSE;
    }
  player = triad_position_to_move (&self->pos);
  if (seat != seat_of (self, player))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  if (index >= self->pos.n_hand[player])
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                   ngettext ("You have only %u card in hand", "You have only %u cards in hand",
                             self->pos.n_hand[player]),
                   self->pos.n_hand[player]);
      return FALSE;
    }
  if (self->pos.owner[cell] != TRIAD_EMPTY)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("That cell already holds a card"));
      return FALSE;
    }

  old_turn = current_turn (self);
  triad_card_format (&self->pos.hand[player][index], face);
  n_flips = triad_position_place (&self->pos, (guint) index, (guint) cell, self->config.rules, flips);
  add_event (events, "place seat=%u card=%u cell=%u face=%s", seat, (guint) index, (guint) cell, face);
  for (guint i = 0; i < n_flips; i++)
    add_event (events, "flip cell=%u seat=%u rule=%s", flips[i].cell, seat,
               triad_flip_cause_to_string ((TriadFlipCause) flips[i].cause));
  if (triad_position_is_over (&self->pos))
    add_event (events, "over score0=%u score1=%u winner=%s",
               triad_position_count (&self->pos, self->first_seat == 0 ? 0 : 1),
               triad_position_count (&self->pos, self->first_seat == 1 ? 0 : 1),
               winner_word (&self->pos, self->first_seat));
  emit_changes (self, old_turn, FALSE);

  return TRUE;
}

static char *
triad_view_for (ParlorGame *game,
                int         seat)
{
  TriadView view;

  triad_game_get_view (TRIAD_GAME (game), seat, &view);
  return triad_view_to_line (&view);
}

static char *
triad_get_result (ParlorGame *game)
{
  TriadGame *self = TRIAD_GAME (game);

  if (!triad_position_is_over (&self->pos))
    return NULL;
  return g_strdup_printf ("result score0=%u score1=%u winner=%s",
                          triad_position_count (&self->pos, self->first_seat == 0 ? 0 : 1),
                          triad_position_count (&self->pos, self->first_seat == 1 ? 0 : 1),
                          winner_word (&self->pos, self->first_seat));
}

static void
triad_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = triad_get_info;
  iface->get_n_seats = triad_get_n_seats;
  iface->start = triad_start;
  iface->get_waiting = triad_get_waiting;
  iface->is_over = triad_is_over;
  iface->legal_actions = triad_legal_actions;
  iface->apply = triad_apply;
  iface->view_for = triad_view_for;
  iface->get_result = triad_get_result;
}

/* Log words */

static const char *
cell_name (guint cell)
{
  static const char *const names[] = {
    N_("the top left"), N_("the top"), N_("the top right"),
    N_("the left"), N_("the centre"), N_("the right"),
    N_("the bottom left"), N_("the bottom"), N_("the bottom right"),
  };

  return cell < G_N_ELEMENTS (names) ? _(names[cell]) : "?";
}

/* The four ranks as the card prints them, A for 10: "7-3-A-5". */
static char *
card_words (const TriadCard *card)
{
  char face[5];
  char rank[4][2] = { { 0 } };

  triad_card_format (card, face);
  for (guint i = 0; i < 4; i++)
    rank[i][0] = face[i];
  /* TRANSLATORS: a card's four ranks: top, right, bottom, left, "7-3-A-5" (A is 10) */
  return g_strdup_printf (_("%s-%s-%s-%s"), rank[0], rank[1], rank[2], rank[3]);
}

static char *
spoken_card (const char *face)
{
  TriadCard card;

  if (face == NULL || !triad_card_parse (face, &card))
    return g_strdup ("?");
  return card_words (&card);
}

/* "Play 7-9-4-5 on the top left": the card named from the viewer's hand. */
static char *
triad_describe_move (const char *view,
                     const char *action)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  g_autofree char *card = NULL;
  TriadView v;
  gint64 index, cell;

  if (line == NULL || !g_str_equal (parlor_line_get_type (line), "place") ||
      !triad_view_parse (view, &v, NULL) || v.seat < 0 || !v.hand_known[v.seat] ||
      !parlor_line_get_int (line, "card", 0, (gint64) v.n_hand[v.seat] - 1, &index, NULL) ||
      !parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &cell, NULL))
    return NULL;
  card = card_words (&v.hand[v.seat][index]);
  return g_strdup_printf (_("Play %s on %s"), card, cell_name ((guint) cell));
}

static char *
triad_describe (const char         *text,
                const char * const *seat_names)
{
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  gint64 seat = -1, cell = -1, index = -1, s0 = 0, s1 = 0;

  g_return_val_if_fail (text != NULL, NULL);

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &cell, NULL);
  parlor_line_get_int (line, "card", 0, TRIAD_HAND_MAX - 1, &index, NULL);

  if (g_str_equal (type, "start"))
    {
      gint64 first = 0;
      g_autofree char *who = NULL;
      const char *hands = parlor_line_get (line, "hands");

      parlor_line_get_int (line, "first", 0, 1, &first, NULL);
      who = parlor_game_player_name (seat_names, CLAMP (first, 0, 1));
      if (*who == '\0')
        return g_strdup (g_strcmp0 (hands, "closed") == 0
                         ? _("New game with closed hands; you move first")
                         : _("New game with open hands; you move first"));
      return g_strdup_printf (g_strcmp0 (hands, "closed") == 0
                              ? _("New game with closed hands; %s moves first")
                              : _("New game with open hands; %s moves first"), who);
    }
  if (g_str_equal (type, "deal"))
    {
      g_autofree char *who = parlor_game_player_name (seat_names, CLAMP (seat, 0, 1));
      g_auto(GStrv) cards = g_strsplit (parlor_line_has (line, "hand")
                                            ? parlor_line_get (line, "hand") : "", ",", -1);
      GString *list = g_string_new (NULL);

      for (guint i = 0; cards[i] != NULL; i++)
        {
          g_autofree char *spoken = spoken_card (cards[i]);

          if (i > 0)
            g_string_append (list, _(", "));
          g_string_append (list, spoken);
        }
      {
        g_autofree char *listed = g_string_free (list, FALSE);

        if (*who == '\0')
          return g_strdup_printf (_("You get %s"), listed);
        return g_strdup_printf (_("%s gets %s"), who, listed);
      }
    }
  if (g_str_equal (type, "place"))
    {
      g_autofree char *who = NULL;
      g_autofree char *card = spoken_card (parlor_line_get (line, "face"));

      if (seat < 0)
        return g_strdup_printf (_("Place card %d on %s"), (int) index + 1, cell_name ((guint) cell));
      who = parlor_game_player_name (seat_names, CLAMP (seat, 0, 1));
      if (*who == '\0')
        return g_strdup_printf (_("You play %s on %s"), card, cell_name ((guint) cell));
      return g_strdup_printf (_("%s plays %s on %s"), who, card, cell_name ((guint) cell));
    }
  if (g_str_equal (type, "flip"))
    {
      g_autofree char *who = parlor_game_player_name (seat_names, CLAMP (seat, 0, 1));
      const char *rule = parlor_line_get (line, "rule");

      if (*who == '\0')
        {
          if (g_strcmp0 (rule, "same") == 0)
            return g_strdup_printf (_("You take the card on %s by Same"), cell_name ((guint) cell));
          if (g_strcmp0 (rule, "plus") == 0)
            return g_strdup_printf (_("You take the card on %s by Plus"), cell_name ((guint) cell));
          if (g_strcmp0 (rule, "combo") == 0)
            return g_strdup_printf (_("You take the card on %s by Combo"), cell_name ((guint) cell));
          return g_strdup_printf (_("You take the card on %s"), cell_name ((guint) cell));
        }
      if (g_strcmp0 (rule, "same") == 0)
        return g_strdup_printf (_("%s takes the card on %s by Same"), who, cell_name ((guint) cell));
      if (g_strcmp0 (rule, "plus") == 0)
        return g_strdup_printf (_("%s takes the card on %s by Plus"), who, cell_name ((guint) cell));
      if (g_strcmp0 (rule, "combo") == 0)
        return g_strdup_printf (_("%s takes the card on %s by Combo"), who, cell_name ((guint) cell));
      return g_strdup_printf (_("%s takes the card on %s"), who, cell_name ((guint) cell));
    }
  if (g_str_equal (type, "over") || g_str_equal (type, "result"))
    {
      const char *winner = parlor_line_get (line, "winner");

      parlor_line_get_int (line, "score0", 0, TRIAD_N_CELLS, &s0, NULL);
      parlor_line_get_int (line, "score1", 0, TRIAD_N_CELLS, &s1, NULL);
      if (g_strcmp0 (winner, "0") == 0 || g_strcmp0 (winner, "1") == 0)
        {
          g_autofree char *who = parlor_game_player_name (seat_names, CLAMP (winner[0] - '0', 0, 1));

          if (*who == '\0')
            return g_strdup_printf (_("You win, %d cards to %d"),
                                    (int) (winner[0] == '0' ? s0 : s1), (int) (winner[0] == '0' ? s1 : s0));
          return g_strdup_printf (_("%s wins, %d cards to %d"), who,
                                  (int) (winner[0] == '0' ? s0 : s1), (int) (winner[0] == '0' ? s1 : s0));
        }
      return g_strdup_printf (_("A draw, %d cards to %d"), (int) s0, (int) s1);
    }

  return g_strdup (text);
}
