#include "cmark_linear_lists.h"

#ifdef MSX_LINEAR_CMARK_LISTS
#include <cmark-gfm.h>
#include <stddef.h>

void __real_cmark_llist_free(cmark_mem *mem, cmark_llist *head);
void __real_cmark_llist_free_full(cmark_mem *mem, cmark_llist *head, cmark_free_func free_func);

/* The list this thread last appended to, and its last element. */
static _Thread_local cmark_llist *remembered_head;
static _Thread_local cmark_llist *remembered_tail;

static void forget(cmark_llist *head) {
    if (head != NULL && head == remembered_head) {
        remembered_head = NULL;
        remembered_tail = NULL;
    }
}

/* cmark_llist_append: the element goes after the last one and the list's head is returned (the new element when
   the list was empty), as cmark-gfm's own does. */
__attribute__((visibility("hidden"))) cmark_llist *__wrap_cmark_llist_append(cmark_mem *mem, cmark_llist *head, void *data) {
    cmark_llist *element = (cmark_llist *)mem->calloc(1, sizeof(cmark_llist));
    element->data = data;
    element->next = NULL;
    if (head == NULL) {
        head = element;
    } else {
        cmark_llist *tail = head == remembered_head && remembered_tail != NULL ? remembered_tail : head;
        while (tail->next != NULL) tail = tail->next;
        tail->next = element;
    }
    remembered_head = head;
    remembered_tail = element;
    return head;
}

__attribute__((visibility("hidden"))) void __wrap_cmark_llist_free(cmark_mem *mem, cmark_llist *head) {
    forget(head);
    __real_cmark_llist_free(mem, head);
}

__attribute__((visibility("hidden"))) void __wrap_cmark_llist_free_full(cmark_mem *mem, cmark_llist *head, cmark_free_func free_func) {
    forget(head);
    __real_cmark_llist_free_full(mem, head, free_func);
}
#endif
