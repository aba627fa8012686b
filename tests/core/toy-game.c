/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "toy-game"

#include "config.h"

#include "parlor-line.h"
#include "toy-game.h"

#define TOY_TYPE_GAME (toy_game_get_type ())
G_DECLARE_FINAL_TYPE (ToyGame, toy_game, TOY, GAME, GObject)

struct _ToyGame
{
  GObject   parent_instance;
  ParlorRng rng;
  guint     n_seats;
  guint     target;
  guint     total;
  guint     turn;
  guint     secret[8];
  gboolean  started;
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

  self->started = TRUE;
  for (guint i = 0; i < self->n_seats; i++)
    {
      g_autofree char *line = NULL;

      self->secret[i] = parlor_rng_below (&self->rng, 100);
      line = g_strdup_printf ("secret seat=%u value=%u", i, self->secret[i]);
      g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_SEAT (i), line));
    }
}

static gboolean
toy_is_over (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);

  return self->total >= self->target;
}

static guint32
toy_get_waiting (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);

  if (!self->started || toy_is_over (game))
    return 0;
  return PARLOR_AUDIENCE_SEAT (self->turn);
}

static GPtrArray *
toy_legal_actions (ParlorGame *game,
                   guint       seat)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (toy_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat))
    {
      g_ptr_array_add (actions, g_strdup ("add n=1"));
      g_ptr_array_add (actions, g_strdup ("add n=2"));
    }
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
  g_autofree char *text = NULL;
  gint64 n;

  if (!(toy_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           "It is not your turn");
      return FALSE;
    }
  line = parlor_line_parse (action, error);
  if (line == NULL)
    return FALSE;
  if (!g_str_equal (parlor_line_get_type (line), "add") ||
      !parlor_line_get_int (line, "n", 1, 2, &n, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX, "Unknown action");
      return FALSE;
    }

  self->total += n;
  text = g_strdup_printf ("added seat=%u n=%d total=%u", seat, (int) n, self->total);
  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, text));
  self->turn = (self->turn + 1) % self->n_seats;

  return TRUE;
}

static char *
toy_view_for (ParlorGame *game,
              int         seat)
{
  ToyGame *self = TOY_GAME (game);

  if (seat >= 0 && (guint) seat < self->n_seats)
    return g_strdup_printf ("view seat=%d total=%u turn=%u secret=%u",
                            seat, self->total, self->turn, self->secret[seat]);
  return g_strdup_printf ("view total=%u turn=%u", self->total, self->turn);
}

static char *
toy_get_result (ParlorGame *game)
{
  ToyGame *self = TOY_GAME (game);

  if (!toy_is_over (game))
    return NULL;
  return g_strdup_printf ("result last=%u", (self->turn + self->n_seats - 1) % self->n_seats);
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
  ToyGame *self = g_object_new (TOY_TYPE_GAME, NULL);

  self->n_seats = 4;
  self->target = 10;
  if (config != NULL && *config != '\0')
    {
      g_autofree char *text = g_strconcat ("config ", config, NULL);
      g_autoptr(ParlorLine) line = parlor_line_parse (text, error);
      gint64 v;

      if (line == NULL)
        {
          g_object_unref (self);
          return NULL;
        }
      if (parlor_line_has (line, "seats") && parlor_line_get_int (line, "seats", 2, 8, &v, NULL))
        self->n_seats = v;
      if (parlor_line_has (line, "target") && parlor_line_get_int (line, "target", 1, 1000, &v, NULL))
        self->target = v;
    }
  parlor_rng_init (&self->rng, seed, 0);

  return PARLOR_GAME (self);
}

/* "slow" waits up to 200 ms unless cancelled; "bad" proposes an illegal move. */
static char *
toy_ai_choose (const char    *level,
               const char    *view,
               guint64        seed,
               GCancellable  *cancellable,
               GError       **error)
{
  if (g_str_equal (level, "slow"))
    {
      for (int i = 0; i < 20 && !g_cancellable_is_cancelled (cancellable); i++)
        g_usleep (10000);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
    }
  if (g_str_equal (level, "bad"))
    return g_strdup ("add n=7");

  return g_strdup (seed % 2 ? "add n=1" : "add n=2");
}

static const char * const toy_levels[] = { "quick", "slow", "bad", NULL };

const ParlorGameInfo toy_game_info = {
  .id = "toy",
  .name = "Toy",
  .min_seats = 2,
  .max_seats = 8,
  .ai_levels = toy_levels,
  .new_game = toy_new_game,
  .ai_choose = toy_ai_choose,
  .describe = NULL,
};
