/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-screen"

#include "config.h"

#include <glib/gi18n.h>

#include "mahjong-screen.h"
#include "parlor-session.h"

/* On a LAN the others play on: the result stays this long, unless Next Hand. */
#define LAN_HAND_PAGE_SECONDS 5

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
  guint             lan_timeout;
  gboolean          holding;      /* the hand page pauses the computer */
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

gboolean
mahjong_screen_refresh (MahjongScreen *self)
{
  MahjongScreenClass *klass;
  ParlorSession *session;
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;
  MahjongTableState state;
  MahjongTableView *table;
  int me;

  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), FALSE);

  klass = MAHJONG_SCREEN_GET_CLASS (self);
  session = PARLOR_SCREEN_SESSION (self);
  me = PARLOR_SCREEN_SEAT (self);
  if (me < 0 || session == NULL || klass->read_view == NULL)
    return FALSE;
  line = parlor_session_dup_view (session);
  if (line == NULL)
    return FALSE;
  mahjong_table_state_init (&state, PRIV (self)->table != NULL
                                    ? mahjong_table_view_get_n_seats (PRIV (self)->table) : 2, me);
  if (!klass->read_view (self, line, &state, &error))
    {
      g_warning ("Unreadable view: %s", error->message);
      return FALSE;
    }
  /* Reading the view may have set a table of another size. */
  table = PRIV (self)->table;
  if (table == NULL)
    return TRUE;
  for (guint s = 0; s < MIN (state.n_seats, mahjong_table_view_get_n_seats (table)); s++)
    draw_seat (self, table, s, &state.seats[s]);
  mahjong_hand_view_set_interactive (mahjong_table_view_get_hand (table, 0), state.discarding);
  return TRUE;
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
focus_lost (MahjongScreen *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus == NULL || !gtk_widget_get_mapped (focus) || focus == GTK_WIDGET (root) ||
         gtk_widget_get_ancestor (focus, PARLOR_TYPE_LOG_VIEW) != NULL;
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

static void
hold (MahjongScreen *self,
      gboolean       on)
{
  MahjongScreenPrivate *priv = PRIV (self);

  if (on == priv->holding)
    return;
  priv->holding = on;
  if (on)
    parlor_game_screen_hold (PARLOR_GAME_SCREEN (self));
  else
    parlor_game_screen_release (PARLOR_GAME_SCREEN (self));
}

void
mahjong_screen_add_hand_page (MahjongScreen *self,
                              GtkStack      *stack,
                              guint          n_seats,
                              const char    *next_action)
{
  MahjongScreenPrivate *priv;
  GtkWidget *box, *scrolled;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));
  g_return_if_fail (GTK_IS_STACK (stack) && next_action != NULL);

  priv = PRIV (self);
  priv->stack = stack;
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
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (priv->hand_details));
  gtk_box_append (GTK_BOX (box), priv->next_button);
  priv->hand_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_child (priv->hand_page, box);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (priv->hand_page));
  gtk_stack_add_named (stack, scrolled, "hand");
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
  if (priv->win_hand == NULL)
    return;
  mahjong_hand_view_set_owner (priv->win_hand, owner);
  mahjong_melds_view_set_owner (priv->win_melds, owner);
  mahjong_hand_view_set_tiles (priv->win_hand, tiles, n_tiles, win);
  mahjong_melds_view_set_melds (priv->win_melds, melds, n_melds, NULL, 0);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_hand), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_melds), n_melds > 0);
}

void
mahjong_screen_clear_win_hand (MahjongScreen *self)
{
  MahjongScreenPrivate *priv;

  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  priv = PRIV (self);
  if (priv->win_hand == NULL)
    return;
  mahjong_hand_view_set_tiles (priv->win_hand, NULL, 0, MAHJONG_NO_TILE);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_hand), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (priv->win_melds), FALSE);
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

const char *
mahjong_screen_get_hand_details (MahjongScreen *self)
{
  g_return_val_if_fail (MAHJONG_IS_SCREEN (self), NULL);
  return PRIV (self)->hand_details != NULL ? gtk_label_get_text (PRIV (self)->hand_details) : NULL;
}

static void
next_hand_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  mahjong_screen_next_hand (MAHJONG_SCREEN (widget));
}

void
mahjong_screen_class_install_next_hand (GtkWidgetClass *widget_class,
                                        const char     *action_name)
{
  gtk_widget_class_install_action (widget_class, action_name, NULL, next_hand_action);
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
    hold (self, TRUE);
  else
    priv->lan_timeout = g_timeout_add_seconds (LAN_HAND_PAGE_SECONDS, on_lan_timeout, self);
  gtk_widget_grab_focus (priv->next_button);
}

void
mahjong_screen_end_hand_pause (MahjongScreen *self)
{
  g_return_if_fail (MAHJONG_IS_SCREEN (self));

  g_clear_handle_id (&PRIV (self)->lan_timeout, g_source_remove);
  hold (self, FALSE);
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
  gtk_stack_set_visible_child_name (priv->stack, "play");
  if (PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed != NULL)
    PARLOR_GAME_SCREEN_GET_CLASS (self)->session_changed (PARLOR_GAME_SCREEN (self));
  mahjong_screen_focus_hand (self);
  /* Last: the game goes on, and the next hand may end (and show this page) at once. */
  hold (self, FALSE);
  return TRUE;
}

static void
mahjong_screen_seated (ParlorGameScreen *screen)
{
  show_names (MAHJONG_SCREEN (screen));
}

static void
mahjong_screen_seats_changed (ParlorGameScreen *screen)
{
  show_names (MAHJONG_SCREEN (screen));
}

static void
mahjong_screen_reset (ParlorGameScreen *screen)
{
  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (screen));
  if (PRIV (MAHJONG_SCREEN (screen))->claim_bar != NULL)
    mahjong_claim_bar_clear (PRIV (MAHJONG_SCREEN (screen))->claim_bar);
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

  G_OBJECT_CLASS (mahjong_screen_parent_class)->dispose (object);
}

/* A discard selects its tile in the hand, with the focus, so Enter plays
 * it; any other move (a win, a claim, a pass) puts the focus on the claim
 * buttons when they are shown, else on the hand. */
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
  if (priv->claim_bar != NULL && gtk_widget_get_visible (GTK_WIDGET (priv->claim_bar)) &&
      gtk_widget_child_focus (GTK_WIDGET (priv->claim_bar), GTK_DIR_TAB_FORWARD))
    return;
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

  object_class->dispose = mahjong_screen_dispose;
  screen_class->seated = mahjong_screen_seated;
  screen_class->seats_changed = mahjong_screen_seats_changed;
  screen_class->reset = mahjong_screen_reset;
  screen_class->escape = mahjong_screen_escape;
  screen_class->show_hint = mahjong_screen_show_hint;
  screen_class->focus_play = mahjong_screen_focus_play;
}

static void
mahjong_screen_init (MahjongScreen *self)
{
}
