from hexbox.cli import main

main()
