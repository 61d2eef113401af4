/* FFO #40-#59 (ffo/fforum-40-59.obf), embedded at build time so that
   `endsolve bench` runs its default positions from any folder, installed or
   not. The path comes from the build (ENDSOLVE_BUILTIN_FFO, quoted). */
        .section .rodata
        .globl endsolve_builtin_ffo
endsolve_builtin_ffo:
        .incbin ENDSOLVE_BUILTIN_FFO
        .globl endsolve_builtin_ffo_end
endsolve_builtin_ffo_end:
        .byte 0
        .section .note.GNU-stack,"",@progbits
