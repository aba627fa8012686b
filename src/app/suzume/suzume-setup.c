/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "suzume-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "suzume-setup.h"

#define N_COMPUTERS 4

static const char * const level_ids[] = { "random", "normal", "strong", NULL };

struct _SuzumeSetup
{
  GtkWidget      parent_instance;

  GtkWidget     *start_button;
  AdwComboRow   *players_row;
  AdwComboRow   *deals_row;
  AdwComboRow   *level_rows[N_COMPUTERS];
};

G_DEFINE_FINAL_TYPE (SuzumeSetup, suzume_setup, GTK_TYPE_WIDGET)

static void
update_rows (SuzumeSetup *self)
{
  guint n = suzume_setup_get_n_seats (self);

  for (guint i = 0; i < N_COMPUTERS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->level_rows[i]), i + 1 < n);
}

static GtkStringList *
level_model (void)
{
  return gtk_string_list_new ((const char * const[]) { _("Easy"), _("Normal"), _("Strong"), NULL });
}

static gboolean
suzume_setup_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (SUZUME_SETUP (widget)->start_button);
}

static void
suzume_setup_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (suzume_setup_parent_class)->dispose (object);
}

static void
suzume_setup_class_init (SuzumeSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = suzume_setup_dispose;
  widget_class->grab_focus = suzume_setup_grab_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "suzume-setup");
}

static void
suzume_setup_init (SuzumeSetup *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *title = gtk_label_new (_("New Game"));
  GtkWidget *players = adw_preferences_group_new ();
  GtkWidget *rules = adw_preferences_group_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *host = gtk_button_new_with_mnemonic (_("_Host LAN Game…"));
  g_autoptr(GtkStringList) counts =
    gtk_string_list_new ((const char * const[]) { "2", "3", "4", "5", NULL });
  g_autoptr(GtkStringList) deals =
    gtk_string_list_new ((const char * const[]) { _("1 deal each"), _("2 deals each"),
                                                  _("4 deals each"), NULL });

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (scrolled, GTK_WIDGET (self));
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 600);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_add_css_class (title, "title-1");
  gtk_box_append (GTK_BOX (box), title);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (players), _("Players"));
  self->players_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->players_row), _("_Number of players"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->players_row), TRUE);
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (counts));
  adw_combo_row_set_selected (self->players_row, 2);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (players), GTK_WIDGET (self->players_row));
  for (guint i = 0; i < N_COMPUTERS; i++)
    {
      g_autoptr(GtkStringList) levels = level_model ();
      g_autofree char *name = g_strdup_printf (_("Computer %u"), i + 1);

      self->level_rows[i] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->level_rows[i]), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->level_rows[i]), _("Strength"));
      adw_combo_row_set_model (self->level_rows[i], G_LIST_MODEL (levels));
      adw_combo_row_set_selected (self->level_rows[i], 1);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (players), GTK_WIDGET (self->level_rows[i]));
    }
  gtk_box_append (GTK_BOX (box), players);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (rules), _("Match"));
  self->deals_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->deals_row), _("_Length"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->deals_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->deals_row),
                               _("How many times every player deals"));
  adw_combo_row_set_model (self->deals_row, G_LIST_MODEL (deals));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rules), GTK_WIDGET (self->deals_row));
  gtk_box_append (GTK_BOX (box), rules);

  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (host), "win.host-lan");
  gtk_widget_set_tooltip_text (host, _("Play with friends on your network; computers fill the empty seats"));
  gtk_widget_add_css_class (host, "pill");
  gtk_widget_set_size_request (host, 200, -1);
  gtk_box_append (GTK_BOX (buttons), host);
  self->start_button = gtk_button_new_with_mnemonic (_("_Start"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button), "suzume.start");
  gtk_widget_set_tooltip_text (self->start_button, _("Play against the computer"));
  gtk_widget_add_css_class (self->start_button, "pill");
  gtk_widget_add_css_class (self->start_button, "suggested-action");
  gtk_widget_set_size_request (self->start_button, 200, -1);
  gtk_box_append (GTK_BOX (buttons), self->start_button);
  gtk_box_append (GTK_BOX (box), buttons);

  g_signal_connect_swapped (self->players_row, "notify::selected", G_CALLBACK (update_rows), self);
  update_rows (self);
}

guint
suzume_setup_get_n_seats (SuzumeSetup *self)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), 4);
  return MIN (adw_combo_row_get_selected (self->players_row), 3) + 2;
}

void
suzume_setup_set_n_seats (SuzumeSetup *self,
                          guint        n_seats)
{
  g_return_if_fail (SUZUME_IS_SETUP (self));
  adw_combo_row_set_selected (self->players_row, CLAMP (n_seats, 2, 5) - 2);
}

guint
suzume_setup_get_deals (SuzumeSetup *self)
{
  static const guint deals[] = { 1, 2, 4 };

  g_return_val_if_fail (SUZUME_IS_SETUP (self), 1);
  return deals[MIN (adw_combo_row_get_selected (self->deals_row), 2)];
}

const char *
suzume_setup_get_level (SuzumeSetup *self,
                        guint        seat)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), "normal");
  g_return_val_if_fail (seat >= 1 && seat <= N_COMPUTERS, "normal");
  return level_ids[MIN (adw_combo_row_get_selected (self->level_rows[seat - 1]), 2)];
}

void
suzume_setup_set_levels (SuzumeSetup *self,
                         const char  *level)
{
  g_return_if_fail (SUZUME_IS_SETUP (self));
  for (guint l = 0; level_ids[l] != NULL; l++)
    if (g_strcmp0 (level, level_ids[l]) == 0)
      for (guint i = 0; i < N_COMPUTERS; i++)
        adw_combo_row_set_selected (self->level_rows[i], l);
}

char *
suzume_setup_make_config (SuzumeSetup *self)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), NULL);
  return g_strdup_printf ("seats=%u deals=%u dealer=random",
                          suzume_setup_get_n_seats (self), suzume_setup_get_deals (self));
}
