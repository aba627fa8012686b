/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-strength-row"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-game.h"
#include "parlor-setup.h"
#include "parlor-strength-row.h"

struct _ParlorStrengthRow
{
  AdwActionRow parent_instance;
};

G_DEFINE_FINAL_TYPE (ParlorStrengthRow, parlor_strength_row, ADW_TYPE_ACTION_ROW)

static void
parlor_strength_row_class_init (ParlorStrengthRowClass *klass)
{
}

static void
parlor_strength_row_init (ParlorStrengthRow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Computer Strength"));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (box, "linked");
  /* The buttons are read out as one group, named like the row. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Computer Strength"),
                                  -1);
  for (guint s = 0; s <= PARLOR_STRENGTH_MAX; s++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_mnemonic (parlor_strength_get_mnemonic (s));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "setup.strength");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", s);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, parlor_strength_get_label (s),
                                      -1);
      gtk_box_append (GTK_BOX (box), button);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), box);
}

GtkWidget *
parlor_strength_row_new (void)
{
  return g_object_new (PARLOR_TYPE_STRENGTH_ROW, NULL);
}
