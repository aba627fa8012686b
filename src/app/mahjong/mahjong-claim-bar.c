/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-claim-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "mahjong-claim-bar.h"
#include "parlor-game-screen.h"
#include "parlor-screen-util.h"

#define PASS_ACTION "pass"

struct _MahjongClaimBar
{
  GtkWidget  parent_instance;

  GtkWidget *buttons;     /* GtkGrid: a few to a row, to fit the table's middle */
  GtkWidget *clock;       /* GtkBox: the bar and the seconds */
  GtkWidget *progress;
  GtkWidget *seconds;

  char      *actions[MAHJONG_CLAIM_BAR_MAX + 1];
  GtkWidget *button[MAHJONG_CLAIM_BAR_MAX + 1];
  guint      n_claims;
  int        pass_index;  /* -1: none */

  gint64     deadline;
  gint64     window;      /* the window's length when it was set */
  int        shown_seconds;
  guint      tick_id;
};

G_DEFINE_FINAL_TYPE (MahjongClaimBar, mahjong_claim_bar, GTK_TYPE_WIDGET)

enum {
  CLAIM,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_pass (const char *action)
{
  return g_strcmp0 (action, PASS_ACTION) == 0 || g_str_has_prefix (action, PASS_ACTION " ");
}

static void
on_clicked (GtkButton       *button,
            MahjongClaimBar *self)
{
  const char *action = g_object_get_data (G_OBJECT (button), "mahjong-claim-action");
  g_autofree char *copy = g_strdup (action);

  /* A handler may replace the claims (and free @action) at once. */
  g_signal_emit (self, signals[CLAIM], 0, copy);
}

static void
pass_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MahjongClaimBar *self = MAHJONG_CLAIM_BAR (widget);

  if (self->pass_index >= 0)
    g_signal_emit_by_name (self->button[self->pass_index], "clicked");
}

static void
update_clock (MahjongClaimBar *self,
              gint64           now)
{
  gint64 left = MAX (self->deadline - now, 0);
  int seconds = (int) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);

  if (seconds != self->shown_seconds)
    {
      /* Translators: the seconds left to claim a discard, "5 s" */
      g_autofree char *text = g_strdup_printf (_("%d s"), seconds);
      /* Translators: for screen readers, "5 seconds left to claim" */
      g_autofree char *spoken = g_strdup_printf (ngettext ("%d second left to claim",
                                                           "%d seconds left to claim", seconds),
                                                 seconds);

      self->shown_seconds = seconds;
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress),
                                     self->window > 0
                                     ? MIN (1.0, (double) seconds * G_USEC_PER_SEC / self->window) : 0);
      gtk_label_set_text (GTK_LABEL (self->seconds), text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                      GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, spoken,
                                      -1);
    }
}

static gboolean on_tick (gpointer data);

/* The bar moves once a second, with the seconds shown: nothing is drawn in between. */
static void
schedule_tick (MahjongClaimBar *self,
               gint64           now)
{
  gint64 left = self->deadline - now;

  if (left <= 0)
    return;
  self->tick_id = g_timeout_add ((guint) ((left - 1) % G_USEC_PER_SEC / 1000 + 1), on_tick, self);
}

static gboolean
on_tick (gpointer data)
{
  MahjongClaimBar *self = MAHJONG_CLAIM_BAR (data);
  gint64 now = g_get_monotonic_time ();

  self->tick_id = 0;
  update_clock (self, now);
  schedule_tick (self, now);
  return G_SOURCE_REMOVE;
}

static void
stop_clock (MahjongClaimBar *self)
{
  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->deadline = 0;
  self->shown_seconds = -1;
  gtk_widget_set_visible (self->clock, FALSE);
}

static void
remove_buttons (MahjongClaimBar *self)
{
  for (guint i = 0; i < self->n_claims; i++)
    {
      gtk_grid_remove (GTK_GRID (self->buttons), self->button[i]);
      self->button[i] = NULL;
      g_clear_pointer (&self->actions[i], g_free);
    }
  self->n_claims = 0;
  self->pass_index = -1;
}

#define BUTTONS_PER_ROW 2

/* The bar already offers @claims, in the order it shows them (pass last),
 * with the same deadline: its buttons, and the focus, can stay. */
static gboolean
shows_claims (MahjongClaimBar    *self,
              const MahjongClaim *claims,
              guint               n_claims,
              gboolean            with_pass,
              gint64              deadline_us)
{
  guint at = 0;
  gboolean has_pass = FALSE;

  if ((deadline_us > 0 ? deadline_us : 0) != self->deadline)
    return FALSE;
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_claims; i++)
      {
        if (is_pass (claims[i].action) != pass)
          continue;
        has_pass |= pass;
        if (at >= self->n_claims || !g_str_equal (self->actions[at], claims[i].action)
            || g_strcmp0 (g_object_get_data (G_OBJECT (self->button[at]), "mahjong-claim-label"),
                          claims[i].label) != 0)
          return FALSE;
        at++;
      }
  if (with_pass && !has_pass)
    {
      if (at >= self->n_claims || !is_pass (self->actions[at]))
        return FALSE;
      at++;
    }
  return at == self->n_claims;
}

static GtkWidget *
add_button (MahjongClaimBar *self,
            const char      *action,
            const char      *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  GtkWidget *words = gtk_button_get_child (GTK_BUTTON (button));

  /* A long chow choice wraps rather than widen the table past a small window. */
  gtk_label_set_wrap (GTK_LABEL (words), TRUE);
  gtk_label_set_justify (GTK_LABEL (words), GTK_JUSTIFY_CENTER);

  self->actions[self->n_claims] = g_strdup (action);
  self->button[self->n_claims] = button;
  g_object_set_data_full (G_OBJECT (button), "mahjong-claim-label", g_strdup (label), g_free);
  g_object_set_data (G_OBJECT (button), "mahjong-claim-action", self->actions[self->n_claims]);
  parlor_widget_set_move (button, action);
  g_signal_connect (button, "clicked", G_CALLBACK (on_clicked), self);
  /* The bar takes the focus as it opens: the button is heard by its name then. */
  parlor_accessible_name_now (button);
  gtk_grid_attach (GTK_GRID (self->buttons), button,
                   (int) (self->n_claims % BUTTONS_PER_ROW), (int) (self->n_claims / BUTTONS_PER_ROW), 1, 1);
  if (is_pass (action))
    {
      self->pass_index = self->n_claims;
      gtk_widget_set_tooltip_text (button, _("Let the tile go (Escape)"));
    }
  else
    gtk_widget_add_css_class (button, "suggested-action");
  self->n_claims++;
  return button;
}

/* The key Alt presses with @label (lower case), or 0. */
static gunichar
mnemonic_key (const char *label)
{
  for (const char *p = label; *p != '\0'; p++)
    if (*p == '_')
      {
        if (p[1] == '_')
          p++;
        else
          return p[1] != '\0' ? g_unichar_tolower (g_utf8_get_char (p + 1)) : 0;
      }
  return 0;
}

/* @label without its key: a "(_K)" after the words goes whole. */
static char *
strip_mnemonic (const char *label)
{
  GString *text = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (p[0] == '_' && p[1] == '_')
        {
          g_string_append (text, "__");
          p++;
        }
      else if (p[0] == '(' && p[1] == '_' && p[2] != '\0' && p[3] == ')')
        p += 3;
      else if (p[0] != '_')
        g_string_append_c (text, *p);
    }
  while (text->len > 0 && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

/* Calls that would share a key (two kongs: Alt+K) each get their own: the
 * first keeps it, each other one the first free digit from 2, shown on
 * its button. */
static void
assign_keys (MahjongClaimBar *self)
{
  gunichar keys[MAHJONG_CLAIM_BAR_MAX + 1];

  for (guint i = 0; i < self->n_claims; i++)
    keys[i] = mnemonic_key (gtk_button_get_label (GTK_BUTTON (self->button[i])));
  for (guint i = 0; i < self->n_claims; i++)
    {
      gboolean shared = FALSE;
      gunichar digit;

      for (guint j = 0; j < i && keys[i] != 0; j++)
        shared |= keys[j] == keys[i];
      if (!shared)
        continue;
      for (digit = '2'; digit <= '9'; digit++)
        {
          gboolean used = FALSE;

          for (guint j = 0; j < self->n_claims; j++)
            used |= keys[j] == digit;
          if (!used)
            break;
        }
      if (digit <= '9')
        {
          g_autofree char *words = strip_mnemonic (gtk_button_get_label (GTK_BUTTON (self->button[i])));
          /* Translators: a call whose usual key an earlier call has, with
           * its own digit key: "Kong of South wind (_2)" */
          g_autofree char *label = g_strdup_printf (_("%s (_%d)"), words, (int) (digit - '0'));

          gtk_button_set_label (GTK_BUTTON (self->button[i]), label);
          keys[i] = digit;
        }
    }
}

void
mahjong_claim_bar_set_claims (MahjongClaimBar    *self,
                              const MahjongClaim *claims,
                              guint               n_claims,
                              gboolean            with_pass,
                              gint64              deadline_us)
{
  gboolean has_pass = FALSE;
  gboolean had_window;
  GtkRoot *root;
  GtkWidget *focus;
  g_autofree char *focused = NULL;

  g_return_if_fail (MAHJONG_IS_CLAIM_BAR (self));
  g_return_if_fail (claims != NULL || n_claims == 0);
  g_return_if_fail (n_claims <= MAHJONG_CLAIM_BAR_MAX);

  if (shows_claims (self, claims, n_claims, with_pass, deadline_us))
    return;

  /* The buttons are made again: a focused one keeps the focus on its successor. */
  had_window = self->pass_index >= 0;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  for (guint i = 0; focus != NULL && i < self->n_claims; i++)
    if (focus == self->button[i] || gtk_widget_is_ancestor (focus, self->button[i]))
      focused = g_strdup (self->actions[i]);
  remove_buttons (self);
  stop_clock (self);

  for (guint i = 0; i < n_claims; i++)
    {
      g_return_if_fail (claims[i].action != NULL && claims[i].label != NULL);
      has_pass |= is_pass (claims[i].action);
      /* Pass stays last, where the hand finds it. */
      if (!is_pass (claims[i].action))
        add_button (self, claims[i].action, claims[i].label);
    }
  for (guint i = 0; i < n_claims; i++)
    if (is_pass (claims[i].action))
      add_button (self, claims[i].action, claims[i].label);
  if (with_pass && !has_pass)
    add_button (self, PASS_ACTION, _("Pa_ss"));
  assign_keys (self);

  if (deadline_us > 0 && self->n_claims > 0)
    {
      gint64 now = g_get_monotonic_time ();

      self->deadline = deadline_us;
      self->window = MAX (deadline_us - now, 1);
      gtk_widget_set_visible (self->clock, TRUE);
      update_clock (self, now);
      schedule_tick (self, now);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "claims.pass", self->pass_index >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self), self->n_claims > 0);

  /* A claim window that opens takes the focus: its time is short. A focused
   * button's successor keeps it; on a turn with no such button, the hand
   * takes it back (the screen's part). */
  if (self->n_claims > 0 && (focused != NULL || (self->pass_index >= 0 && !had_window)))
    {
      int target = self->pass_index >= 0 ? 0 : -1;

      for (guint i = 0; focused != NULL && i < self->n_claims; i++)
        if (g_str_equal (self->actions[i], focused))
          target = (int) i;
      if (target >= 0)
        gtk_widget_grab_focus (self->button[target]);
    }
}

void
mahjong_claim_bar_clear (MahjongClaimBar *self)
{
  g_return_if_fail (MAHJONG_IS_CLAIM_BAR (self));

  mahjong_claim_bar_set_claims (self, NULL, 0, FALSE, 0);
}

guint
mahjong_claim_bar_get_n_claims (MahjongClaimBar *self)
{
  g_return_val_if_fail (MAHJONG_IS_CLAIM_BAR (self), 0);
  return self->n_claims;
}

const char *
mahjong_claim_bar_get_action (MahjongClaimBar *self,
                              guint            index)
{
  g_return_val_if_fail (MAHJONG_IS_CLAIM_BAR (self), NULL);
  g_return_val_if_fail (index < self->n_claims, NULL);
  return self->actions[index];
}

GtkWidget *
mahjong_claim_bar_get_button (MahjongClaimBar *self,
                              guint            index)
{
  g_return_val_if_fail (MAHJONG_IS_CLAIM_BAR (self), NULL);
  g_return_val_if_fail (index < self->n_claims, NULL);
  return self->button[index];
}

int
mahjong_claim_bar_get_seconds_left (MahjongClaimBar *self)
{
  g_return_val_if_fail (MAHJONG_IS_CLAIM_BAR (self), -1);
  if (self->deadline == 0)
    return -1;
  return (int) ((MAX (self->deadline - g_get_monotonic_time (), 0) + G_USEC_PER_SEC - 1)
                / G_USEC_PER_SEC);
}

static void
mahjong_claim_bar_dispose (GObject *object)
{
  MahjongClaimBar *self = MAHJONG_CLAIM_BAR (object);

  stop_clock (self);
  for (guint i = 0; i < self->n_claims; i++)
    g_clear_pointer (&self->actions[i], g_free);
  self->n_claims = 0;
  g_clear_pointer (&self->buttons, gtk_widget_unparent);
  g_clear_pointer (&self->clock, gtk_widget_unparent);

  G_OBJECT_CLASS (mahjong_claim_bar_parent_class)->dispose (object);
}

static void
mahjong_claim_bar_class_init (MahjongClaimBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mahjong_claim_bar_dispose;

  /**
   * MahjongClaimBar::claim:
   * @action: the chosen action line
   */
  signals[CLAIM] =
    g_signal_new ("claim", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "claims.pass", NULL, pass_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
  gtk_widget_class_set_css_name (widget_class, "mahjong-claim-bar");
}

static void
mahjong_claim_bar_init (MahjongClaimBar *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  self->pass_index = -1;
  self->shown_seconds = -1;

  self->buttons = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->buttons), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->buttons), 6);
  gtk_widget_set_halign (self->buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->buttons, GTK_WIDGET (self));

  self->clock = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->progress = gtk_progress_bar_new ();
  gtk_widget_set_hexpand (self->progress, TRUE);
  gtk_widget_set_valign (self->progress, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Time left to claim"),
                                  -1);
  self->seconds = gtk_label_new (NULL);
  gtk_label_set_width_chars (GTK_LABEL (self->seconds), 4);
  gtk_label_set_xalign (GTK_LABEL (self->seconds), 1);
  gtk_widget_add_css_class (self->seconds, "numeric");
  gtk_box_append (GTK_BOX (self->clock), self->progress);
  gtk_box_append (GTK_BOX (self->clock), self->seconds);
  gtk_widget_set_parent (self->clock, GTK_WIDGET (self));
  gtk_widget_set_visible (self->clock, FALSE);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Calls"),
                                  -1);

  /* Escape passes, wherever the focus is in the window. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("claims.pass")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
mahjong_claim_bar_new (void)
{
  return g_object_new (MAHJONG_TYPE_CLAIM_BAR, NULL);
}
