#include "CImplicitsRuntime.h"

const char implicits_task_local_key = 0;
_Thread_local void *implicits_thread_context = NULL;
_Thread_local void *implicits_spare_context = NULL;
