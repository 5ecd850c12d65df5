import CWebKitGTK
import Foundation

/// The "Recent Articles" list: a window over Coda's with one row per post and a Cancel
/// button. Choosing a row calls `onChoose` with its post and closes the list.
@MainActor
package final class RecentPostsList {
    package let window: Widget
    package let list: Widget
    package let cancelButton: Widget
    package let posts: [Post]
    private let references = WidgetReferences()
    private let actions = Actions()

    package init(posts: [Post], over parent: Widget, onChoose: @escaping @MainActor (Post) -> Void) {
        self.posts = posts
        window = GTK.window(title: "Recent Articles", width: 420, height: 360)
        gtk_window_set_transient_for(GTK.asWindow(window), GTK.asWindow(parent))
        gtk_window_set_modal(GTK.asWindow(window), 1)
        list = gtk_list_box_new()
        cancelButton = GTK.button("Cancel")
        references.hold(window, list, cancelButton)
        for post in posts {
            let label = GTK.label(post.postTitle)
            gtk_label_set_xalign(GTK.asLabel(label), 0)
            GTK.setMargins(label, 10)
            gtk_list_box_append(OpaquePointer(list), label)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_set_halign(cancelButton, GTK_ALIGN_END)
        GTK.setMargins(cancelButton, 8)
        gtk_window_set_child(GTK.asWindow(window), GTK.box(vertical: true, [scroller, cancelButton]))

        actions.onRowActivated(list) { [weak self] index in
            guard let self, posts.indices.contains(index) else { return }
            close()
            onChoose(posts[index])
        }
        actions.on(cancelButton, "clicked") { [weak self] in self?.close() }
    }

    /// Whether the list is on screen.
    package var isShown: Bool { gtk_widget_get_visible(window) != 0 }

    package func present() {
        gtk_window_present(GTK.asWindow(window))
    }

    package func close() {
        actions.invalidate()
        gtk_window_destroy(GTK.asWindow(window))
    }

    /// The row of `index`, to activate as a click would.
    package func row(_ index: Int) -> Widget? {
        gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index))
            .map { Widget(OpaquePointer($0)) }
    }
}
