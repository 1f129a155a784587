import TableModel
print("TableBench: not written yet")
