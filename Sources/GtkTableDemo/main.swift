import GtkBridge
import TableModel
print("GtkTableDemo skeleton")
