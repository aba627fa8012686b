/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-screen"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mahjong-screen.h"
#include "parlor-session.h"

/* On a LAN the others play on: the result stays this long, unless Next Hand. */
#define LAN_HAND_PAGE_SECONDS 5

/* A winning hand, as the hand page and the match's result show it. */
typedef struct
{
  char        *owner;
  MahjongTile  tiles[MAHJONG_HAND_MAX];
  guint        n_tiles;
  MahjongTile  win;
  MahjongMeld  melds[MAHJONG_MELDS_MAX];
  guint        n_melds;
} Winner;

static void
winner_clear (Winner *winner)
{
  g_clear_pointer (&winner->owner, g_free);
}

typedef struct
{
  MahjongTableView *table;
  MahjongClaimBar  *claim_bar;
  GtkStack         *stack;
  AdwStatusPage    *hand_page;
  MahjongHandView  *win_hand;
  MahjongMeldsView *win_melds;
  GtkLabel         *hand_details;
  GtkWidget        *next_button;
  GtkWidget        *more_winners; /* on the hand page: a second ron's hand… */
  GtkWidget        *result_winners; /* on the match's result: the last hand's */
  GArray           *winners;      /* Winner: the last hand's winning hands */
  guint             n_win_seats;
  guint             lan_timeout;
  GtkBox           *table_holder;
  GtkLabel         *turn_label;
  GtkLabel         *hint_label;
  MahjongTableState state;        /* as last read */
  gboolean          has_state;
  gboolean          finished;
  char             *hand_title;   /* the hand that ended */
  GString          *hand_words;   /* its words (markup) */
  char             *hand_text;    /* the same, plain */
  guint             n_hands_ended;
  gboolean          hand_pending; /* its page is still to show */
  guint             hand_end_actions; /* the record's actions when it ended */
  char             *ranking;      /* the match's, a row a seat */
} MahjongScreenPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MahjongScreen, mahjong_screen, PARLOR_TYPE_GAME_SCREEN)

#define PRIV(self) ((MahjongScreenPrivate *) mahjong_screen_get_instance_private (self))

guint
mahjong_screen_relative (MahjongScreen *self,
                         guint          seat)
{
  MahjongScreenPrivate *priv;
  int me;
  guint n;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), 0);

  priv = PRIV (self);
  me = PARLOR_SCREEN_SEAT (self);
  n = priv->table != NULL ? mahjong_table_view_get_n_seats (priv->table) : 1;
  return (seat + n - (me >= 0 ? (guint) me % n : 0)) % n;
}

/* Every part of the table is named after the player it belongs to. */
static void
show_names (MahjongScreen *self)
{
  MahjongTableView *table = PRIV (self)->table;
  int me = PARLOR_SCREEN_SEAT (self);

  if (table == NULL || me < 0)
    return;
  for (guint s = 0; s < mahjong_table_view_get_n_seats (table); s++)
    {
      guint r = mahjong_screen_relative (self, s);
      const char *owner = (int) s == me ? NULL : PARLOR_SCREEN_NAME (self, s);

      mahjong_hand_view_set_owner (mahjong_table_view_get_hand (table, r), owner);
      mahjong_river_view_set_owner (mahjong_table_view_get_river (table, r), owner);
      mahjong_melds_view_set_owner (mahjong_table_view_get_melds (table, r), owner);
    }
}

static gboolean
all_face_down (const MahjongSeatState *seat)
{
  if (seat->has_drawn && seat->drawn != MAHJONG_NO_TILE)
    return FALSE;
  for (guint i = 0; i < seat->n_tiles; i++)
    if (seat->tiles[i] != MAHJONG_NO_TILE)
      return FALSE;
  return TRUE;
}

static void
draw_seat (MahjongScreen           *self,
           MahjongTableView        *table,
           guint                    s,
           const MahjongSeatState  *seat)
{
  guint r = mahjong_screen_relative (self, s);
  MahjongRiverView *river = mahjong_table_view_get_river (table, r);
  MahjongHandView *hand = mahjong_table_view_get_hand (table, r);
  guint n_tiles = MIN (seat->n_tiles, MAHJONG_HAND_MAX - 1);

  mahjong_table_view_set_seat_info (table, r, PARLOR_SCREEN_NAME (self, s), seat->wind, seat->score,
                                    seat->active);
  mahjong_melds_view_set_melds (mahjong_table_view_get_melds (table, r), seat->melds,
                                MIN (seat->n_melds, MAHJONG_MELDS_MAX), seat->flowers,
                                MIN (seat->n_flowers, MAHJONG_FLOWERS_MAX));
  mahjong_river_view_set_discards (river, seat->river, seat->claimed, MIN (seat->n_river, MAHJONG_RIVER_MAX));
  mahjong_river_view_set_highlight_last (river, seat->last_discard);
  /* Another seat's hand: its backs, the drawn one apart. */
  if (all_face_down (seat))
    mahjong_hand_view_set_hidden (hand, n_tiles, seat->has_drawn);
  else
    mahjong_hand_view_set_tiles (hand, seat->tiles, n_tiles, seat->has_drawn ? seat->drawn : MAHJONG_NO_TILE);
}

static gboolean
focus_nowhere (MahjongScreen *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus == NULL || !gtk_widget_get_mapped (focus) || focus == GTK_WIDGET (root);
}

static gboolean
focus_lost (MahjongScreen *self)
{
  return focus_nowhere (self) ||
         gtk_widget_get_ancestor (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self))),
                                  PARLOR_TYPE_LOG_VIEW) != NULL;
}

/* The legal calls of the moment, from the view, on the claim bar. */
static void
update_claims (MahjongScreen *self)
{
  MahjongScreenClass *klass = MAHJONG_SCREEN_GET_CLASS (self);
  MahjongScreenPrivate *priv = PRIV (self);
  const MahjongTableState *state = &priv->state;
  MahjongClaim claims[MAHJONG_CLAIM_BAR_MAX];
  char *labels[MAHJONG_CLAIM_BAR_MAX];
  ParlorSession *session = PARLOR_SCREEN_SESSION (self);
  guint n = 0;

  if (priv->claim_bar == NULL)
    return;
  if (!priv->has_state || !state->asked || state->over || klass->claim_label == NULL ||
      !parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self)))
    {
      mahjong_claim_bar_clear (priv->claim_bar);
      return;
    }
  for (guint i = 0; i < state->n_actions && n < MAHJONG_CLAIM_BAR_MAX - 1; i++)
    {
      labels[n] = klass->claim_label (self, state->actions[i], state);
      if (labels[n] != NULL)
        {
          claims[n].action = state->actions[i];
          claims[n].label = labels[n];
          n++;
        }
    }
  /* A window with nothing to call never reaches the player: the table passes. */
  if (n == 0 && !state->window)
    mahjong_claim_bar_clear (priv->claim_bar);
  else
    mahjong_claim_bar_set_claims (priv->claim_bar, claims, n, state->window,
                                  state->window && session != NULL ? parlor_session_get_deadline (session) : 0);
  for (guint i = 0; i < n; i++)
    g_free (labels[i]);
  /* The focused call went with the offer, leaving the focus nowhere: the
   * hand takes it. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && focus_nowhere (self))
    mahjong_screen_focus_hand (self);
}

static void
update_status (MahjongScreen *self)
{
  MahjongScreenClass *klass = MAHJONG_SCREEN_GET_CLASS (self);
  MahjongScreenPrivate *priv = PRIV (self);
  const MahjongTableState *state = priv->has_state ? &priv->state : NULL;
  g_autofree char *turn = NULL;
  g_autofree char *hint = NULL;

  if (klass->draw_status != NULL)
    klass->draw_status (self, state);
  if (state != NULL && klass->status_text != NULL)
    turn = klass->status_text (self, state);
  if (state != NULL && klass->hint_text != NULL)
    hint = klass->hint_text (self, state);
  if (priv->turn_label != NULL)
    {
      gtk_label_set_text (priv->turn_label, turn != NULL ? turn : "");
      if (state != NULL && state->asked)
        gtk_widget_add_css_class (GTK_WIDGET (priv->turn_label), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (priv->turn_label), "accent");
    }
  if (priv->hint_label != NULL)
    {
      gtk_label_set_text (priv->hint_label, hint != NULL ? hint : "");
      gtk_widget_set_visible (GTK_WIDGET (priv->hint_label), hint != NULL);
    }
}

static gboolean
mahjong_screen_show_view (ParlorGameScreen  *screen,
                          const char        *line,
                          GError           **error)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenPrivate *priv = PRIV (self);
  MahjongTableState *state = &priv->state;
  MahjongTableView *table;

  mahjong_table_state_init (state, priv->table != NULL ? mahjong_table_view_get_n_seats (priv->table) : 2,
                            PARLOR_SCREEN_SEAT (self));
  priv->has_state = MAHJONG_SCREEN_GET_CLASS (self)->read_view (self, line, state, error);
  if (!priv->has_state)
    return FALSE;
  state->over |= priv->finished;
  if (state->over)
    state->asked = state->window = FALSE;
  state->discarding = state->discarding && state->asked &&
                      parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
  if (priv->table_holder != NULL)
    mahjong_screen_ensure_table (self, state->n_seats);
  table = priv->table;
  if (table != NULL)
    {
      for (guint s = 0; s < MIN (state->n_seats, mahjong_table_view_get_n_seats (table)); s++)
        draw_seat (self, table, s, &state->seats[s]);
      mahjong_hand_view_set_interactive (mahjong_table_view_get_hand (table, 0), state->discarding);
    }
  update_claims (self);
  update_status (self);
  return TRUE;
}

const MahjongTableState *
mahjong_screen_get_state (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->has_state ? &PRIV (self)->state : NULL;
}

GtkWidget *
mahjong_screen_get_my_hand (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->table != NULL ? GTK_WIDGET (mahjong_table_view_get_hand (PRIV (self)->table, 0)) : NULL;
}

GtkWidget *
mahjong_screen_get_claim_bar (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return GTK_WIDGET (PRIV (self)->claim_bar);
}

const char *
mahjong_screen_get_status_text (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->turn_label != NULL ? gtk_label_get_text (PRIV (self)->turn_label) : "";
}

GtkWidget *
mahjong_screen_get_hint_label (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return GTK_WIDGET (PRIV (self)->hint_label);
}

gboolean
mahjong_screen_is_asked (MahjongScreen *self,
                         gboolean       to_discard)
{
  MahjongScreenPrivate *priv;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  priv = PRIV (self);
  return priv->has_state && priv->state.asked && !priv->state.over && priv->state.window != to_discard &&
         parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}

gboolean
mahjong_screen_is_waiting (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  priv = PRIV (self);
  return priv->has_state && priv->state.asked && !priv->state.over &&
         parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self)) &&
         (priv->stack == NULL || g_strcmp0 (gtk_stack_get_visible_child_name (priv->stack), "play") == 0);
}

void
mahjong_screen_set_table_holder (MahjongScreen *self,
                                 GtkBox        *holder)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  g_return_if_fail (GTK_IS_BOX (holder));

  PRIV (self)->table_holder = holder;
}

void
mahjong_screen_ensure_table (MahjongScreen *self,
                             guint          n_seats)
{
  MahjongScreenPrivate *priv;
  GtkWidget *table;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  g_return_if_fail (priv->table_holder != NULL);
  if (priv->table != NULL && mahjong_table_view_get_n_seats (priv->table) == n_seats)
    return;
  if (priv->table != NULL)
    gtk_box_remove (priv->table_holder, GTK_WIDGET (priv->table));
  table = mahjong_table_view_new (n_seats);
  gtk_widget_set_vexpand (table, TRUE);
  gtk_widget_set_hexpand (table, TRUE);
  gtk_box_prepend (priv->table_holder, table);
  mahjong_screen_set_table (self, MAHJONG_TABLE_VIEW (table));
}

void
mahjong_screen_set_status_labels (MahjongScreen *self,
                                  GtkLabel      *turn_label,
                                  GtkLabel      *hint_label)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  PRIV (self)->turn_label = turn_label;
  PRIV (self)->hint_label = hint_label;
  /* Whose turn it is and what the player is asked stay in view. */
  if (turn_label != NULL)
    parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (turn_label));
}

const char *
mahjong_screen_seat_name (MahjongScreen *self,
                          gint64         seat)
{
  const char *name;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), "");

  if (seat < 0 || seat >= MAHJONG_TABLE_SEATS_MAX)
    return "?";
  if (seat == PARLOR_SCREEN_SEAT (self))
    return _("You");
  name = PARLOR_SCREEN_NAME (self, (guint) seat);
  return name != NULL ? name : "";
}

gboolean
mahjong_screen_focus_hand (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  if (PRIV (self)->table == NULL)
    return FALSE;
  return gtk_widget_grab_focus (GTK_WIDGET (mahjong_table_view_get_hand (PRIV (self)->table, 0)));
}

gboolean
mahjong_screen_submit (MahjongScreen *self,
                       const char    *action)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!parlor_game_screen_submit (PARLOR_GAME_SCREEN (self), action, &error))
    {
      parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), error->message);
      return FALSE;
    }
  /* A guest's table moves on when the host says so: show the move on its way. */
  if (parlor_game_screen_is_guest (PARLOR_GAME_SCREEN (self)) &&
      PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed != NULL)
    PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed (PARLOR_GAME_SCREEN (self));
  /* A move that ended the hand leaves the focus on the hand's result. */
  if (PRIV (self)->stack == NULL || g_strcmp0 (gtk_stack_get_visible_child_name (PRIV (self)->stack), "play") == 0)
    mahjong_screen_focus_hand (self);
  return TRUE;
}

static void
on_tile_activated (MahjongScreen *self,
                   int            index,
                   guint          tile)
{
  MahjongScreenClass *klass = MAHJONG_SCREEN_GET_CLASS (self);
  g_autofree char *action = NULL;

  if (!parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self)) || klass->discard_action == NULL)
    return;
  action = klass->discard_action (self, tile);
  if (action != NULL)
    mahjong_screen_submit (self, action);
}

/* Every refusal is heard: a tile played out of turn says why nothing happens. */
static void
on_tile_refused (MahjongScreen *self)
{
  MahjongClaimBar *bar = PRIV (self)->claim_bar;

  if (bar != NULL && mahjong_claim_bar_get_n_claims (bar) > 0)
    parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), _("Answer the call first: claim the tile or pass"));
  else
    parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), _("It is not your turn to discard"));
}

static void
on_claim (MahjongScreen *self,
          const char    *action)
{
  if (parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self)))
    mahjong_screen_submit (self, action);
}

void
mahjong_screen_set_table (MahjongScreen    *self,
                          MahjongTableView *table)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  g_return_if_fail (MAHJONG_IS_TABLE_VIEW (table));

  priv = PRIV (self);
  priv->table = table;
  parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (mahjong_table_view_get_hand (table, 0)));
  /* A notice leaves the other players' tiles in sight too, in the middle
   * of the table. */
  parlor_game_screen_set_notice_middle (PARLOR_GAME_SCREEN (self), TRUE);
  for (guint i = 1; i < mahjong_table_view_get_n_seats (table); i++)
    {
      parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (mahjong_table_view_get_hand (table, i)));
      parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (mahjong_table_view_get_melds (table, i)));
    }
  g_signal_connect_object (mahjong_table_view_get_hand (table, 0), "tile-activated",
                           G_CALLBACK (on_tile_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (mahjong_table_view_get_hand (table, 0), "tile-refused",
                           G_CALLBACK (on_tile_refused), self, G_CONNECT_SWAPPED);
  show_names (self);
}

MahjongTableView *
mahjong_screen_get_table (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->table;
}

/* The bar hid with the focus in it: the hand takes the focus, not the log. */
static void
on_bar_visible (MahjongClaimBar *bar,
                GParamSpec      *pspec,
                MahjongScreen   *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (!gtk_widget_get_visible (GTK_WIDGET (bar)) && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
      (focus == NULL || !gtk_widget_get_mapped (focus)))
    mahjong_screen_focus_hand (self);
}

static gboolean
refocus_after_bar (gpointer data)
{
  g_autoptr(MahjongScreen) self = g_weak_ref_get (data);
  MahjongClaimBar *bar;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  bar = PRIV (self)->claim_bar;
  /* The prompt went with the focus in it: the toolkit left the focus in the
   * log or nowhere, and the hand takes it back. */
  if (bar != NULL && !gtk_widget_get_visible (GTK_WIDGET (bar)) &&
      gtk_widget_get_mapped (GTK_WIDGET (self)) && focus_lost (self))
    mahjong_screen_focus_hand (self);
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
on_bar_focus_leave (GtkEventControllerFocus *controller,
                    MahjongScreen           *self)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  g_idle_add_full (G_PRIORITY_DEFAULT, refocus_after_bar, ref, (GDestroyNotify) weak_ref_free);
}

void
mahjong_screen_set_claim_bar (MahjongScreen   *self,
                              MahjongClaimBar *bar)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  g_return_if_fail (MAHJONG_IS_CLAIM_BAR (bar));

  PRIV (self)->claim_bar = bar;
  parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (bar));
  g_signal_connect_object (bar, "claim", G_CALLBACK (on_claim), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bar, "notify::visible", G_CALLBACK (on_bar_visible), self, 0);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect_object (focus, "leave", G_CALLBACK (on_bar_focus_leave), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (bar), focus);
  }
}

/* In a claim window Escape lets the tile go, as the Pass button says. */
static gboolean
mahjong_screen_escape (ParlorGameScreen *screen)
{
  MahjongClaimBar *bar = PRIV (MAHJONG_SCREEN (screen))->claim_bar;

  if (bar == NULL || !parlor_game_screen_can_move (screen))
    return FALSE;
  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, i), "pass") == 0)
      return mahjong_screen_submit (MAHJONG_SCREEN (screen), "pass");
  return FALSE;
}

void
mahjong_screen_add_hand_page (MahjongScreen *self,
                              guint          n_seats)
{
  const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  g_autofree char *next_action = g_strconcat (info->id, ".next-hand", NULL);
  MahjongScreenPrivate *priv;
  GtkStack *stack;
  GtkWidget *box, *scrolled;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  priv->stack = stack;
  priv->n_win_seats = n_seats;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  priv->win_hand = MAHJONG_HAND_VIEW (mahjong_hand_view_new ());
  gtk_widget_set_halign (GTK_WIDGET (priv->win_hand), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_hand), FALSE);
  priv->win_melds = MAHJONG_MELDS_VIEW (mahjong_melds_view_new ());
  mahjong_melds_view_set_n_seats (priv->win_melds, n_seats);
  gtk_widget_set_halign (GTK_WIDGET (priv->win_melds), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_melds), FALSE);
  priv->hand_details = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (priv->hand_details, TRUE);
  gtk_label_set_justify (priv->hand_details, GTK_JUSTIFY_CENTER);
  priv->next_button = gtk_button_new_with_mnemonic (_("_Next Hand"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (priv->next_button), next_action);
  gtk_widget_set_halign (priv->next_button, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (priv->next_button, 200, -1);
  gtk_widget_add_css_class (priv->next_button, "pill");
  gtk_widget_add_css_class (priv->next_button, "suggested-action");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (priv->win_hand));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (priv->win_melds));
  priv->more_winners = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_box_append (GTK_BOX (box), priv->more_winners);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (priv->hand_details));
  gtk_box_append (GTK_BOX (box), priv->next_button);
  priv->hand_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_child (priv->hand_page, box);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (priv->hand_page));
  gtk_stack_add_named (stack, scrolled, "hand");

  priv->result_winners = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_halign (priv->result_winners, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (priv->result_winners, FALSE);
  parlor_game_screen_add_result (PARLOR_GAME_SCREEN (self), priv->result_winners);
}

static void
remove_children (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

/* @winner's hand and melds, into @box; @named: under the winner's name,
 * where the page's title does not say whose they are. */
static void
add_winner_views (MahjongScreen *self,
                  GtkWidget     *box,
                  const Winner  *winner,
                  gboolean       named)
{
  MahjongScreenPrivate *priv = PRIV (self);
  GtkWidget *hand = mahjong_hand_view_new ();
  GtkWidget *melds = mahjong_melds_view_new ();

  if (named)
    {
      GtkWidget *name = gtk_label_new (winner->owner != NULL ? winner->owner : _("You"));

      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (box), name);
    }

  mahjong_hand_view_set_owner (MAHJONG_HAND_VIEW (hand), winner->owner);
  mahjong_hand_view_set_tiles (MAHJONG_HAND_VIEW (hand), winner->tiles, winner->n_tiles, winner->win);
  gtk_widget_set_halign (hand, GTK_ALIGN_CENTER);
  mahjong_melds_view_set_n_seats (MAHJONG_MELDS_VIEW (melds), priv->n_win_seats);
  mahjong_melds_view_set_owner (MAHJONG_MELDS_VIEW (melds), winner->owner);
  mahjong_melds_view_set_melds (MAHJONG_MELDS_VIEW (melds), winner->melds, winner->n_melds, NULL, 0);
  gtk_widget_set_halign (melds, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (melds, winner->n_melds > 0);
  gtk_box_append (GTK_BOX (box), hand);
  gtk_box_append (GTK_BOX (box), melds);
}

/* The hand page shows the first winner in its own views, any other below. */
static void
show_winners (MahjongScreen *self)
{
  MahjongScreenPrivate *priv = PRIV (self);
  const Winner *first = priv->winners->len > 0 ? &g_array_index (priv->winners, Winner, 0) : NULL;

  if (priv->win_hand == NULL)
    return;
  if (first != NULL)
    {
      mahjong_hand_view_set_owner (priv->win_hand, first->owner);
      mahjong_melds_view_set_owner (priv->win_melds, first->owner);
      mahjong_hand_view_set_tiles (priv->win_hand, first->tiles, first->n_tiles, first->win);
      mahjong_melds_view_set_melds (priv->win_melds, first->melds, first->n_melds, NULL, 0);
    }
  else
    mahjong_hand_view_set_tiles (priv->win_hand, NULL, 0, MAHJONG_NO_TILE);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_hand), first != NULL);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_melds), first != NULL && first->n_melds > 0);
  remove_children (priv->more_winners);
  for (guint i = 1; i < priv->winners->len; i++)
    add_winner_views (self, priv->more_winners, &g_array_index (priv->winners, Winner, i), TRUE);
  gtk_widget_set_visible (priv->more_winners, priv->winners->len > 1);
}

static void
add_winner (MahjongScreen     *self,
            const char        *owner,
            const MahjongTile *tiles,
            guint              n_tiles,
            MahjongTile        win,
            const MahjongMeld *melds,
            guint              n_melds)
{
  Winner winner = { g_strdup (owner), { 0 }, MIN (n_tiles, MAHJONG_HAND_MAX), win, { { 0 } },
                    MIN (n_melds, MAHJONG_MELDS_MAX) };

  if (winner.n_tiles > 0)
    memcpy (winner.tiles, tiles, winner.n_tiles * sizeof *tiles);
  if (winner.n_melds > 0)
    memcpy (winner.melds, melds, winner.n_melds * sizeof *melds);
  g_array_append_val (PRIV (self)->winners, winner);
  show_winners (self);
}

MahjongHandView *
mahjong_screen_get_win_hand (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->win_hand;
}

void
mahjong_screen_show_win_hand (MahjongScreen     *self,
                              const char        *owner,
                              const MahjongTile *tiles,
                              guint              n_tiles,
                              MahjongTile        win,
                              const MahjongMeld *melds,
                              guint              n_melds)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  g_array_set_size (priv->winners, 0);
  add_winner (self, owner, tiles, n_tiles, win, melds, n_melds);
}

static void
take_winning_hand (MahjongScreen     *self,
                   gboolean           another,
                   gint64             seat,
                   const MahjongTile *tiles,
                   guint              n_tiles,
                   MahjongTile        win,
                   const MahjongMeld *melds,
                   guint              n_melds)
{
  MahjongTile held[MAHJONG_HAND_MAX];
  gboolean apart = FALSE;
  guint n = 0;

  for (guint i = 0; i < n_tiles && n < MAHJONG_HAND_MAX - 1; i++)
    {
      if (!apart && win != MAHJONG_NO_TILE && tiles[i] == win)
        apart = TRUE;
      else
        held[n++] = tiles[i];
    }
  if (!another)
    g_array_set_size (PRIV (self)->winners, 0);
  add_winner (self, seat == PARLOR_SCREEN_SEAT (self) ? NULL : mahjong_screen_seat_name (self, seat),
              held, n, apart ? win : MAHJONG_NO_TILE, melds, n_melds);
}

void
mahjong_screen_show_winning_hand (MahjongScreen     *self,
                                  gint64             seat,
                                  const MahjongTile *tiles,
                                  guint              n_tiles,
                                  MahjongTile        win,
                                  const MahjongMeld *melds,
                                  guint              n_melds)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  take_winning_hand (self, FALSE, seat, tiles, n_tiles, win, melds, n_melds);
}

void
mahjong_screen_add_winning_hand (MahjongScreen     *self,
                                 gint64             seat,
                                 const MahjongTile *tiles,
                                 guint              n_tiles,
                                 MahjongTile        win,
                                 const MahjongMeld *melds,
                                 guint              n_melds)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  take_winning_hand (self, TRUE, seat, tiles, n_tiles, win, melds, n_melds);
}

char *
mahjong_screen_win_title (MahjongScreen *self,
                          gint64         seat,
                          gboolean       ron)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);

  if (seat == PARLOR_SCREEN_SEAT (self))
    return g_strdup (ron ? _("You Win by Ron") : _("You Win by Tsumo"));
  /* Translators: "Computer (Normal) Wins by Tsumo" */
  return g_strdup_printf (ron ? _("%s Wins by Ron") : _("%s Wins by Tsumo"), mahjong_screen_seat_name (self, seat));
}

/* Appends @format with its arguments escaped, and a line break. */
static void
add_markup_line (GString    *markup,
                 const char *format,
                 ...) G_GNUC_PRINTF (2, 3);

static void
add_markup_line (GString    *markup,
                 const char *format,
                 ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_markup_vprintf_escaped (format, args);
  va_end (args);
  g_string_append (markup, text);
  g_string_append_c (markup, '\n');
}

char *
mahjong_screen_win_markup (MahjongScreen    *self,
                           const MahjongWin *win)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *tile = NULL;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  g_return_val_if_fail (win != NULL, NULL);

  tile = win->tile != MAHJONG_NO_TILE ? mahjong_tile_name (win->tile) : g_strdup ("?");
  if (win->shape != NULL)
    add_markup_line (markup, "<b>%s</b>", win->shape);
  if (win->from < 0)
    /* Translators: "Winning tile: East wind, self-drawn" */
    add_markup_line (markup, _("Winning tile: %s, self-drawn"), tile);
  else if (win->from == PARLOR_SCREEN_SEAT (self))
    add_markup_line (markup, _("Winning tile: %s, your discard"), tile);
  else
    /* Translators: "Winning tile: 5 of dots, discarded by Bob" */
    add_markup_line (markup, _("Winning tile: %s, discarded by %s"), tile, mahjong_screen_seat_name (self, win->from));
  if (win->sets != NULL)
    {
      g_string_append_c (markup, '\n');
      add_markup_line (markup, "%s", _("Sets:"));
      add_markup_line (markup, "%s", win->sets);
    }
  g_string_append_c (markup, '\n');
  for (guint i = 0; i < win->n_items; i++)
    {
      const MahjongScoreItem *item = &win->items[i];
      g_autofree char *name = item->times > 1 ? g_strdup_printf ("%s ×%u", item->label, item->times)
                                              : g_strdup (item->label);

      if (item->value < 0)
        add_markup_line (markup, "%s", name);
      else if (win->fan)
        /* Translators: a scoring element and what it brings, "Pure Straight: 16 fan" */
        add_markup_line (markup, ngettext ("%s: %d fan", "%s: %d fan", (gulong) ABS (item->value)), name, item->value);
      else
        /* Translators: a scoring element and what it brings, "Two dragons: 2 points" */
        add_markup_line (markup, ngettext ("%s: %d point", "%s: %d points", (gulong) ABS (item->value)), name,
                         item->value);
    }
  if (win->fan)
    add_markup_line (markup, ngettext ("<b>Total: %d fan</b>", "<b>Total: %d fan</b>", (gulong) ABS (win->total)),
                     win->total);
  else if (win->bonus > 0)
    /* Translators: "Total: 7 points, +2 as dealer" */
    add_markup_line (markup, ngettext ("<b>Total: %d point</b>, +%d as dealer", "<b>Total: %d points</b>, +%d as dealer",
                                       (gulong) ABS (win->total)), win->total, win->bonus);
  else
    add_markup_line (markup, ngettext ("<b>Total: %d point</b>", "<b>Total: %d points</b>", (gulong) ABS (win->total)),
                     win->total);
  g_string_truncate (markup, markup->len - 1);
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

char *
mahjong_screen_payment_text (MahjongScreen *self,
                             gint64         from,
                             gint64         to,
                             int            points)
{
  gulong n = (gulong) ABS (points);

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);

  /* Translators: "Computer (Normal) pays you 5 points" / "You pay Computer 5 points" */
  if (from == PARLOR_SCREEN_SEAT (self))
    return g_strdup_printf (ngettext ("You pay %s %d point", "You pay %s %d points", n),
                            mahjong_screen_seat_name (self, to), points);
  if (to == PARLOR_SCREEN_SEAT (self))
    return g_strdup_printf (ngettext ("%s pays you %d point", "%s pays you %d points", n),
                            mahjong_screen_seat_name (self, from), points);
  /* Translators: "Bob pays Alice 7 points" */
  return g_strdup_printf (ngettext ("%s pays %s %d point", "%s pays %s %d points", n),
                          mahjong_screen_seat_name (self, from), mahjong_screen_seat_name (self, to), points);
}

void
mahjong_screen_clear_win_hand (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  g_array_set_size (priv->winners, 0);
  show_winners (self);
}

MahjongMeldsView *
mahjong_screen_get_win_melds (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->win_melds;
}

GtkWidget *
mahjong_screen_get_next_button (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->next_button;
}

static void
next_hand_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  mahjong_screen_next_hand (MAHJONG_SCREEN (widget));
}

static gboolean
on_lan_timeout (gpointer data)
{
  MahjongScreen *self = data;

  PRIV (self)->lan_timeout = 0;
  mahjong_screen_next_hand (self);
  return G_SOURCE_REMOVE;
}

void
mahjong_screen_show_hand_result (MahjongScreen *self,
                                 const char    *title,
                                 const char    *markup)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  if (priv->stack == NULL)
    return;
  adw_status_page_set_title (priv->hand_page, title != NULL ? title : "");
  gtk_label_set_markup (priv->hand_details, markup != NULL ? markup : "");
  gtk_stack_set_visible_child_name (priv->stack, "hand");
  g_clear_handle_id (&priv->lan_timeout, g_source_remove);
  /* A game against the computer waits while the player reads; a LAN table
   * does not, so the result shows for a moment. */
  if (!parlor_game_screen_is_guest (PARLOR_GAME_SCREEN (self)) &&
      !parlor_game_screen_is_host (PARLOR_GAME_SCREEN (self)))
    parlor_game_screen_hold_page (PARLOR_GAME_SCREEN (self), "hand");
  else
    priv->lan_timeout = g_timeout_add_seconds (LAN_HAND_PAGE_SECONDS, on_lan_timeout, self);
  gtk_widget_grab_focus (priv->next_button);
}

void
mahjong_screen_end_hand_pause (MahjongScreen *self)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  /* The hand page's hold goes with the page. */
  g_clear_handle_id (&PRIV (self)->lan_timeout, g_source_remove);
}

gboolean
mahjong_screen_next_hand (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  priv = PRIV (self);
  if (priv->stack == NULL || g_strcmp0 (gtk_stack_get_visible_child_name (priv->stack), "hand") != 0)
    return FALSE;
  g_clear_handle_id (&priv->lan_timeout, g_source_remove);
  /* Leaving the page lets the game go on (the computers move later). */
  gtk_stack_set_visible_child_name (priv->stack, "play");
  if (PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed != NULL)
    PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed (PARLOR_GAME_SCREEN (self));
  mahjong_screen_focus_hand (self);
  return TRUE;
}

/* The game's part first, then the table says what was done. */
static void
mahjong_screen_take_event (ParlorGameScreen *screen,
                           ParlorLine       *line,
                           const char       *type,
                           const char       *words)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenClass *klass = MAHJONG_SCREEN_GET_CLASS (self);
  MahjongScreenPrivate *priv = PRIV (self);

  if (klass->take_event != NULL)
    klass->take_event (self, line, type);
  if (priv->table != NULL)
    mahjong_table_view_announce_event (priv->table, line, PARLOR_SCREEN_SEAT (self), words);
}

/* How many actions the table's record holds (0 with no table of its own). */
static guint
count_actions (MahjongScreen *self)
{
  ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (self));
  ParlorTable *table = session != NULL ? parlor_session_get_table (session) : NULL;
  GPtrArray *record = table != NULL ? parlor_table_get_record (table) : NULL;
  guint n = 0;

  for (guint i = 0; record != NULL && i < record->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (record, i), "action ");
  return n;
}

void
mahjong_screen_end_hand (MahjongScreen *self,
                         const char    *title,
                         const char    *markup)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  g_free (priv->hand_title);
  priv->hand_title = g_strdup (title);
  g_string_assign (priv->hand_words, markup != NULL ? markup : "");
  g_clear_pointer (&priv->hand_text, g_free);
  priv->n_hands_ended++;
  priv->hand_pending = TRUE;
  priv->hand_end_actions = count_actions (self);
}

void
mahjong_screen_add_hand_words (MahjongScreen *self,
                               const char    *markup)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  g_string_append (priv->hand_words, markup);
  g_clear_pointer (&priv->hand_text, g_free);
  if (!priv->hand_pending && priv->hand_details != NULL)
    gtk_label_set_markup (priv->hand_details, priv->hand_words->str);
}

const char *
mahjong_screen_get_hand_text (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);

  priv = PRIV (self);
  if (priv->hand_text == NULL &&
      !pango_parse_markup (priv->hand_words->str, -1, 0, NULL, &priv->hand_text, NULL, NULL))
    priv->hand_text = g_strdup (priv->hand_words->str);
  return priv->hand_text;
}

guint
mahjong_screen_get_n_hands_ended (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), 0);
  return PRIV (self)->n_hands_ended;
}

gboolean
mahjong_screen_finish (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;
  gboolean pending;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  priv = PRIV (self);
  pending = priv->hand_pending;
  priv->finished = TRUE;
  priv->hand_pending = FALSE;
  mahjong_screen_end_hand_pause (self);
  if (priv->claim_bar != NULL)
    mahjong_claim_bar_clear (priv->claim_bar);
  if (!parlor_game_screen_refresh (PARLOR_GAME_SCREEN (self)))
    update_status (self);
  if (priv->table != NULL)
    mahjong_hand_view_set_interactive (mahjong_table_view_get_hand (priv->table, 0), FALSE);
  return pending;
}

gboolean
mahjong_screen_is_finished (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);
  return PRIV (self)->finished;
}

/* Each seat's number under @key in the match result @line, as a list
 * ("scores=5,-5") or one key a seat ("score0=5 score1=-5"); FALSE where
 * the line has not every seat's. */
static gboolean
read_seat_numbers (ParlorLine *line,
                   const char *key,
                   guint       n_seats,
                   int        *out)
{
  const char *list = parlor_line_get (line, key);
  g_auto(GStrv) parts = g_strsplit (list != NULL ? list : "", ",", -1);

  for (guint s = 0; s < n_seats; s++)
    {
      g_autofree char *one = g_strdup_printf ("%s%u", key, s);
      const char *text = list != NULL ? (s < g_strv_length (parts) ? parts[s] : NULL)
                                      : parlor_line_get (line, one);
      gint64 v;

      if (text == NULL || !g_ascii_string_to_signed (text, 10, -1000000, 1000000, &v, NULL))
        return FALSE;
      out[s] = (int) v;
    }
  return TRUE;
}

/* The match result page, the same for every mahjong game: the title by the
 * player's place, the ranking (with hands won where the game counts them),
 * the hands played and how the last one ended. */
static void
mahjong_screen_game_over (ParlorGameScreen *screen,
                          const char       *result)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenPrivate *priv = PRIV (self);
  g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
  AdwStatusPage *page = parlor_game_screen_get_result_page (screen);
  GtkLabel *details = parlor_game_screen_get_result_details (screen);
  guint n_seats = priv->table != NULL ? mahjong_table_view_get_n_seats (priv->table) : 0;
  int scores[MAHJONG_TABLE_SEATS_MAX], wins[MAHJONG_TABLE_SEATS_MAX], places[MAHJONG_TABLE_SEATS_MAX];
  gboolean has_wins;
  int me = PARLOR_SCREEN_SEAT (self), my_place = 0, n_first = 0;
  gint64 hands = 0;
  g_autoptr(GString) ranking = g_string_new (NULL);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *place_text = NULL;
  g_autofree char *escaped = NULL;

  mahjong_screen_finish (self);
  if (line == NULL || (!read_seat_numbers (line, "scores", n_seats, scores)
                       && !read_seat_numbers (line, "score", n_seats, scores)))
    n_seats = 0;
  has_wins = line != NULL && read_seat_numbers (line, "wins", n_seats, wins);
  if (line == NULL || !read_seat_numbers (line, "ranks", n_seats, places))
    for (guint s = 0; s < n_seats; s++)
      {
        places[s] = 1;
        for (guint o = 0; o < n_seats; o++)
          places[s] += scores[o] > scores[s];
      }
  if (line != NULL)
    parlor_line_get_int (line, "hands", 0, 100000, &hands, NULL);

  for (int place = 1; place <= (int) n_seats; place++)
    for (guint s = 0; s < n_seats; s++)
      {
        if (places[s] != place)
          continue;
        if ((int) s == me)
          my_place = place;
        n_first += place == 1;
        if (ranking->len > 0)
          g_string_append_c (ranking, '\n');
        /* Translators: a ranking row, "1. Alice — 52 points" */
        g_string_append_printf (ranking, g_dngettext (GETTEXT_PACKAGE, "%d. %s — %d point", "%d. %s — %d points",
                                                      (gulong) ABS (scores[s])),
                                place, PARLOR_SCREEN_NAME (self, s), scores[s]);
        if (has_wins)
          /* Translators: after a ranking row's points, the hands that seat won */
          g_string_append_printf (ranking, g_dngettext (GETTEXT_PACKAGE, ", %d hand won", ", %d hands won",
                                                        (gulong) ABS (wins[s])), wins[s]);
      }
  g_free (priv->ranking);
  priv->ranking = g_strdup (ranking->str);

  adw_status_page_set_title (page, my_place == 1 && n_first == 1 ? _("You Win the Match!")
                                   : my_place == 2 && n_seats == 2 ? _("You Lose the Match")
                                   : my_place > 1 ? _("The Match Is Over") : _("Match Over"));
  if (my_place > 1 && n_seats > 2)
    /* Translators: "You finished in place 3 of 4" */
    place_text = g_strdup_printf (_("You finished in place %d of %u"), my_place, n_seats);
  else if (my_place == 1 && n_first > 1)
    place_text = g_strdup (_("You share first place"));
  adw_status_page_set_description (page, place_text);

  escaped = g_markup_escape_text (ranking->str, -1);
  g_string_append_printf (markup, "<b>%s</b>", escaped);
  if (hands > 0)
    {
      g_string_append_c (markup, '\n');
      g_string_append_printf (markup, ngettext ("After %d hand", "After %d hands", (gulong) hands), (int) hands);
    }
  if (priv->hand_title != NULL)
    {
      g_autofree char *title = g_markup_escape_text (priv->hand_title, -1);

      g_string_append_printf (markup, "\n\n<b>%s</b>\n%s", title, priv->hand_words->str);
    }
  gtk_label_set_markup (details, markup->str);
  if (priv->result_winners != NULL)
    {
      remove_children (priv->result_winners);
      for (guint i = 0; i < priv->winners->len; i++)
        add_winner_views (self, priv->result_winners, &g_array_index (priv->winners, Winner, i),
                          priv->winners->len > 1);
      gtk_widget_set_visible (priv->result_winners, priv->winners->len > 0);
    }
  parlor_game_screen_show_result_page (screen);
}

const char *
mahjong_screen_get_ranking (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->ranking != NULL ? PRIV (self)->ranking : "";
}

/* The hand's result once the table shows how it ended; the match's last
 * hand is told on the result page instead. */
static void
mahjong_screen_session_changed (ParlorGameScreen *screen)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenPrivate *priv = PRIV (self);

  /* The table stays as the hand ended until Next Hand: the next deal is
   * not seen before the hand's result. */
  if (priv->hand_pending && !priv->finished && priv->stack != NULL &&
      parlor_game_screen_is_playing (screen))
    {
      priv->hand_pending = FALSE;
      mahjong_screen_show_hand_result (self, priv->hand_title, priv->hand_words->str);
      return;
    }
  parlor_game_screen_refresh (PARLOR_GAME_SCREEN (self));
  if (!priv->hand_pending || priv->finished || (priv->has_state && priv->state.over))
    return;
  priv->hand_pending = FALSE;
  mahjong_screen_show_hand_result (self, priv->hand_title, priv->hand_words->str);
}

static void
mahjong_screen_begin_play (ParlorGameScreen *screen)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenPrivate *priv = PRIV (self);
  ParlorSession *session = parlor_game_screen_get_session (screen);
  /* A game put back (continued, or a move undone) where a hand had just
   * ended, nobody moving since, opens on that hand's result, as the
   * player last saw it; otherwise on its table. */
  gboolean on_result = priv->n_hands_ended > 0 && !priv->finished && priv->hand_title != NULL &&
                       session != NULL && !parlor_session_is_replay (session) &&
                       !parlor_game_screen_is_guest (screen) && !parlor_game_screen_is_host (screen) &&
                       count_actions (self) == priv->hand_end_actions;

  priv->hand_pending = FALSE;
  if (priv->stack != NULL)
    gtk_stack_set_visible_child_name (priv->stack, "play");
  parlor_game_screen_refresh (PARLOR_GAME_SCREEN (self));
  if (on_result)
    mahjong_screen_show_hand_result (self, priv->hand_title, priv->hand_words->str);
  else
    mahjong_screen_focus_hand (self);
}

static void
claim_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MahjongScreen *self = MAHJONG_SCREEN (widget);
  MahjongClaimBar *bar = PRIV (self)->claim_bar;
  const char *action = g_variant_get_string (param, NULL);

  /* Only what the bar offers (Pass included). */
  for (guint i = 0; bar != NULL && i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, i), action) == 0)
      {
        mahjong_screen_submit (self, action);
        return;
      }
}

void
mahjong_screen_class_set_game (GtkWidgetClass       *widget_class,
                               const ParlorGameInfo *info,
                               const char           *claim)
{
  g_autofree char *next = g_strconcat (info->id, ".next-hand", NULL);

  g_type_ensure (MAHJONG_TYPE_TABLE_VIEW);
  g_type_ensure (MAHJONG_TYPE_CLAIM_BAR);
  parlor_game_screen_class_set_game (widget_class, info);
  gtk_widget_class_install_action (widget_class, next, NULL, next_hand_action);
  if (claim != NULL)
    {
      g_autofree char *name = g_strconcat (info->id, ".", claim, NULL);

      gtk_widget_class_install_action (widget_class, name, "s", claim_action);
    }
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mahjong_screen_seated (ParlorGameScreen *screen)
{
  MahjongScreenPrivate *priv = PRIV (MAHJONG_SCREEN (screen));
  ParlorSession *session = parlor_game_screen_get_session (screen);
  ParlorTable *table = session != NULL ? parlor_session_get_table (session) : NULL;

  if (priv->table_holder != NULL && table != NULL)
    mahjong_screen_ensure_table (MAHJONG_SCREEN (screen), parlor_table_get_n_seats (table));
  show_names (MAHJONG_SCREEN (screen));
}

static void
mahjong_screen_seats_changed (ParlorGameScreen *screen)
{
  show_names (MAHJONG_SCREEN (screen));
  parlor_game_screen_refresh (screen);
}

static void
mahjong_screen_reset (ParlorGameScreen *screen)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenPrivate *priv = PRIV (self);

  mahjong_screen_end_hand_pause (self);
  if (priv->claim_bar != NULL)
    mahjong_claim_bar_clear (priv->claim_bar);
  priv->has_state = FALSE;
  priv->finished = FALSE;
  priv->hand_pending = FALSE;
  g_clear_pointer (&priv->hand_title, g_free);
  g_string_truncate (priv->hand_words, 0);
  g_clear_pointer (&priv->hand_text, g_free);
  g_clear_pointer (&priv->ranking, g_free);
  priv->n_hands_ended = 0;
  g_array_set_size (priv->winners, 0);
  if (priv->result_winners != NULL)
    {
      remove_children (priv->result_winners);
      gtk_widget_set_visible (priv->result_winners, FALSE);
    }
  if (priv->hint_label != NULL)
    gtk_widget_set_visible (GTK_WIDGET (priv->hint_label), FALSE);
}

static void
mahjong_screen_finalize (GObject *object)
{
  MahjongScreenPrivate *priv = PRIV (MAHJONG_SCREEN (object));

  g_free (priv->hand_title);
  g_string_free (priv->hand_words, TRUE);
  g_free (priv->hand_text);
  g_free (priv->ranking);
  g_array_unref (priv->winners);

  G_OBJECT_CLASS (mahjong_screen_parent_class)->finalize (object);
}

static void
mahjong_screen_dispose (GObject *object)
{
  MahjongScreenPrivate *priv = PRIV (MAHJONG_SCREEN (object));

  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (object));
  parlor_game_screen_set_session (PARLOR_GAME_SCREEN (object), NULL);
  priv->stack = NULL;
  priv->table = NULL;
  priv->claim_bar = NULL;
  priv->more_winners = NULL;
  priv->result_winners = NULL;
  priv->table_holder = NULL;
  priv->turn_label = NULL;
  priv->hint_label = NULL;

  G_OBJECT_CLASS (mahjong_screen_parent_class)->dispose (object);
}

/* A discard selects its tile in the hand, with the focus, so Enter plays
 * it; a call's button is focused by the base. Else the hand has the focus. */
static void
mahjong_screen_show_hint (ParlorGameScreen *screen,
                          const char       *action)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);
  MahjongScreenClass *klass = MAHJONG_SCREEN_GET_CLASS (self);
  MahjongScreenPrivate *priv = PRIV (self);
  MahjongHandView *hand;

  if (priv->table == NULL)
    return;
  hand = mahjong_table_view_get_hand (priv->table, 0);
  for (guint i = 0; klass->discard_action != NULL && i < mahjong_hand_view_get_n_tiles (hand); i++)
    {
      g_autofree char *discard = klass->discard_action (self, mahjong_hand_view_get_tile (hand, i));

      if (g_strcmp0 (discard, action) == 0)
        {
          mahjong_hand_view_select (hand, (int) i);
          gtk_widget_grab_focus (mahjong_hand_view_get_tile_widget (hand, i));
          return;
        }
    }
  mahjong_screen_focus_hand (self);
}

static gboolean
mahjong_screen_focus_play (ParlorGameScreen *screen,
                           const char       *page)
{
  MahjongScreen *self = MAHJONG_SCREEN (screen);

  if (g_strcmp0 (page, "hand") == 0 && PRIV (self)->next_button != NULL)
    return gtk_widget_grab_focus (PRIV (self)->next_button);
  return mahjong_screen_focus_hand (self);
}

static void
mahjong_screen_class_init (MahjongScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  static const char * const turn_events[] = { "discard", NULL };

  object_class->dispose = mahjong_screen_dispose;
  object_class->finalize = mahjong_screen_finalize;
  screen_class->show_view = mahjong_screen_show_view;
  screen_class->take_event = mahjong_screen_take_event;
  screen_class->turn_events = turn_events;
  screen_class->session_changed = mahjong_screen_session_changed;
  screen_class->begin_play = mahjong_screen_begin_play;
  screen_class->seated = mahjong_screen_seated;
  screen_class->seats_changed = mahjong_screen_seats_changed;
  screen_class->reset = mahjong_screen_reset;
  screen_class->escape = mahjong_screen_escape;
  screen_class->show_hint = mahjong_screen_show_hint;
  screen_class->focus_play = mahjong_screen_focus_play;
  screen_class->game_over = mahjong_screen_game_over;
}

static void
mahjong_screen_init (MahjongScreen *self)
{
  GtkLabel *details = parlor_game_screen_get_result_details (PARLOR_GAME_SCREEN (self));

  PRIV (self)->hand_words = g_string_new (NULL);
  PRIV (self)->winners = g_array_new (FALSE, TRUE, sizeof (Winner));
  g_array_set_clear_func (PRIV (self)->winners, (GDestroyNotify) winner_clear);
  adw_status_page_set_icon_name (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self)),
                                 "applications-games-symbolic");
  gtk_label_set_wrap (details, TRUE);
  gtk_label_set_justify (details, GTK_JUSTIFY_LEFT);
}
